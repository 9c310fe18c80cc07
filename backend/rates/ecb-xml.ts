/**
 * A strict reader of the ECB's euro reference rate files (eurofxref-daily.xml, eurofxref-hist-90d.xml): the
 * format is fixed and small, so a short reader replaces an XML library (no dependency, no entity expansion, no
 * DTD). Anything else is an EcbFormatError with a sentence, never a crash and never a partial result.
 * The layout read, and its public source: README.md here.
 */
import type { RateDay } from '../../shared/rates/types';

const GESMES_NS = 'http://www.gesmes.org/xml/2002-08-01';
const EUROFXREF_NS = 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref';

export class EcbFormatError extends Error {
  override readonly name = 'EcbFormatError';
}

interface XmlElement {
  readonly name: string;
  readonly attrs: Map<string, string>;
  readonly children: XmlElement[];
  text: string;
}

const MAX_DEPTH = 16;
const MAX_ELEMENTS = 200_000;
const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTR = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g;

function decodeText(raw: string, where: string): string {
  const decoded = raw.replace(
    ENTITY,
    (_m, named: string | undefined, dec: string | undefined, hex: string | undefined) => {
      if (named) return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[named]!;
      const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
      if (code === 0 || code > 0x10ffff)
        throw new EcbFormatError(`The rates file has an invalid character reference ${where}.`);
      return String.fromCodePoint(code);
    },
  );
  if (/&/.test(raw.replace(ENTITY, ''))) throw new EcbFormatError(`The rates file has an undefined entity ${where}.`);
  return decoded;
}

/** Well-formed XML elements of a document, or an EcbFormatError. */
function readXml(text: string): XmlElement {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const decl = /^<\?xml\s[^?]*\?>/.exec(text.slice(i));
  if (decl) {
    const encoding = /encoding\s*=\s*["']([^"']+)["']/.exec(decl[0]);
    if (encoding && encoding[1]!.toLowerCase() !== 'utf-8')
      throw new EcbFormatError(`The rates file is in ${encoding[1]}, not UTF-8.`);
    i += decl[0].length;
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let count = 0;
  const line = (at: number): string => `on line ${text.slice(0, at).split('\n').length}`;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (chunk.length > 0) {
      const top = stack[stack.length - 1];
      if (top) top.text += decodeText(chunk, line(i));
      else if (chunk.trim() !== '')
        throw new EcbFormatError(`The rates file has text outside its root element ${line(i)}.`);
    }
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) throw new EcbFormatError(`The rates file has an unclosed comment ${line(i)}.`);
      i = end + 3;
      continue;
    }
    if (text.startsWith('<!', i) || text.startsWith('<?', i)) {
      throw new EcbFormatError(
        `The rates file has a declaration or instruction that the ECB's files do not have ${line(i)}.`,
      );
    }
    if (text.startsWith('</', i)) {
      NAME.lastIndex = i + 2;
      const m = NAME.exec(text);
      const top = stack.pop();
      if (!m || !top || m[0] !== top.name)
        throw new EcbFormatError(`The rates file has a mismatched closing tag ${line(i)}.`);
      const close = /\s*>/y;
      close.lastIndex = NAME.lastIndex;
      if (!close.exec(text)) throw new EcbFormatError(`The rates file has a malformed closing tag ${line(i)}.`);
      i = close.lastIndex;
      continue;
    }
    NAME.lastIndex = i + 1;
    const m = NAME.exec(text);
    if (!m) throw new EcbFormatError(`The rates file has a malformed tag ${line(i)}.`);
    if (root && stack.length === 0)
      throw new EcbFormatError(`The rates file has more than one root element ${line(i)}.`);
    const element: XmlElement = { name: m[0], attrs: new Map(), children: [], text: '' };
    let at = NAME.lastIndex;
    for (;;) {
      ATTR.lastIndex = at;
      const a = ATTR.exec(text);
      if (!a) break;
      if (element.attrs.has(a[1]!))
        throw new EcbFormatError(`The rates file repeats the attribute ${a[1]} ${line(at)}.`);
      element.attrs.set(a[1]!, decodeText(a[2] ?? a[3] ?? '', line(at)));
      at = ATTR.lastIndex;
    }
    const end = /\s*(\/?)>/y;
    end.lastIndex = at;
    const e = end.exec(text);
    if (!e) throw new EcbFormatError(`The rates file has a malformed tag ${line(i)}.`);
    i = end.lastIndex;
    if (++count > MAX_ELEMENTS) throw new EcbFormatError('The rates file has far more entries than the ECB publishes.');
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    if (e[1] !== '/') {
      if (stack.length >= MAX_DEPTH) throw new EcbFormatError(`The rates file nests too deep ${line(i)}.`);
      stack.push(element);
    }
  }
  if (!root) throw new EcbFormatError('The rates file is empty.');
  if (stack.length > 0)
    throw new EcbFormatError(`The rates file ends before <${stack[stack.length - 1]!.name}> is closed.`);
  return root;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RATE = /^\d{1,12}(\.\d{1,12})?$/;
const CURRENCY = /^[A-Z]{3}$/;

function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === text;
}

function onlyAttrs(el: XmlElement, names: readonly string[], what: string): void {
  const extra = [...el.attrs.keys()].filter((k) => !names.includes(k));
  const missing = names.filter((k) => !el.attrs.has(k));
  if (extra.length || missing.length) {
    throw new EcbFormatError(
      `${what} should have ${names.length ? names.join(' and ') : 'no attributes'}${extra.length ? `, not ${extra.join(', ')}` : ''}.`,
    );
  }
}

/** The days of an ECB rates file, oldest first. */
export function parseEcbRates(text: string): RateDay[] {
  const root = readXml(text);
  const prefix = root.name.includes(':') ? root.name.slice(0, root.name.indexOf(':')) : '';
  if (
    root.name.slice(prefix ? prefix.length + 1 : 0) !== 'Envelope' ||
    !prefix ||
    root.attrs.get(`xmlns:${prefix}`) !== GESMES_NS
  ) {
    throw new EcbFormatError(`This is not an ECB rates file: its root is <${root.name}>, not a gesmes Envelope.`);
  }
  if (root.attrs.get('xmlns') !== EUROFXREF_NS)
    throw new EcbFormatError('This is not an ECB rates file: the euro reference rate vocabulary is not declared.');
  const cubes = root.children.filter((c) => c.name === 'Cube');
  const others = root.children.filter((c) => c.name !== 'Cube' && !c.name.startsWith(`${prefix}:`));
  if (cubes.length !== 1 || others.length > 0)
    throw new EcbFormatError('The rates file should hold one <Cube> of days in its envelope.');
  const outer = cubes[0]!;
  onlyAttrs(outer, [], 'The outer <Cube>');
  if (outer.children.length === 0) throw new EcbFormatError('The rates file holds no day.');
  const seen = new Set<string>();
  const days: RateDay[] = outer.children.map((dayCube) => {
    if (dayCube.name !== 'Cube')
      throw new EcbFormatError(`The rates file has <${dayCube.name}> where a day's <Cube> belongs.`);
    onlyAttrs(dayCube, ['time'], "A day's <Cube>");
    const date = dayCube.attrs.get('time')!;
    if (!isRealDate(date))
      throw new EcbFormatError(`The rates file has a day "${date}" that is not a date (YYYY-MM-DD).`);
    if (seen.has(date)) throw new EcbFormatError(`The rates file lists the day ${date} twice.`);
    seen.add(date);
    if (dayCube.children.length === 0) throw new EcbFormatError(`The rates file has no rate for ${date}.`);
    const perEuro: Record<string, number> = {};
    for (const rateCube of dayCube.children) {
      if (rateCube.name !== 'Cube' || rateCube.children.length > 0)
        throw new EcbFormatError(`The rates file has an unexpected element in the day ${date}.`);
      onlyAttrs(rateCube, ['currency', 'rate'], `A rate of ${date}`);
      const currency = rateCube.attrs.get('currency')!;
      const rate = rateCube.attrs.get('rate')!;
      if (!CURRENCY.test(currency) || currency === 'EUR')
        throw new EcbFormatError(
          `The rates file has a currency "${currency}" on ${date} that is not an ISO 4217 code.`,
        );
      if (Object.hasOwn(perEuro, currency))
        throw new EcbFormatError(`The rates file lists ${currency} twice on ${date}.`);
      const value = Number(rate);
      if (!RATE.test(rate) || !(value > 0) || !Number.isFinite(value))
        throw new EcbFormatError(`The rate of ${currency} on ${date} ("${rate}") is not a positive number.`);
      perEuro[currency] = value;
    }
    return { date, perEuro };
  });
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

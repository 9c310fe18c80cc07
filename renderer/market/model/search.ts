/**
 * Item names -> search text and category flags (computed once per snapshot, in the worker), and the
 * trader's filter text -> a matcher over them. Case- and accent-insensitive; every word must match (AND).
 * A word of 4+ letters matches anywhere, a shorter one only at a word start ("ak" finds "AK-47", not
 * "StatTrak™"). Trader abbreviations match their attribute: fn/mw/ft/ww/bs (wear), st (StatTrak™), sv
 * (Souvenir). "-word" excludes; "\"two words\"" is a phrase, matched anywhere.
 */

export const FLAG = {
  knife: 1 << 0,
  gloves: 1 << 1,
  sticker: 1 << 2,
  case: 1 << 3,
  agent: 1 << 4,
  weapon: 1 << 5,
  stattrak: 1 << 6,
  souvenir: 1 << 7,
  fn: 1 << 8,
  mw: 1 << 9,
  ft: 1 << 10,
  ww: 1 << 11,
  bs: 1 << 12,
  graffiti: 1 << 13,
} as const;

export const CATEGORIES = ['knife', 'gloves', 'weapon', 'sticker', 'case', 'agent', 'graffiti', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABEL: Record<Category, string> = {
  knife: 'Knives',
  gloves: 'Gloves',
  weapon: 'Weapon skins',
  sticker: 'Stickers',
  case: 'Cases & capsules',
  agent: 'Agents',
  graffiti: 'Graffiti',
  other: 'Other',
};

export const WEARS = ['fn', 'mw', 'ft', 'ww', 'bs'] as const;
export type Wear = (typeof WEARS)[number];
export const WEAR_NAME: Record<Wear, string> = {
  fn: 'Factory New',
  mw: 'Minimal Wear',
  ft: 'Field-Tested',
  ww: 'Well-Worn',
  bs: 'Battle-Scarred',
};

const WEAR_MASK = FLAG.fn | FLAG.mw | FLAG.ft | FLAG.ww | FLAG.bs;
const CATEGORY_MASK = FLAG.knife | FLAG.gloves | FLAG.sticker | FLAG.case | FLAG.agent | FLAG.weapon | FLAG.graffiti;

export function categoryOf(flags: number): Category {
  for (const c of CATEGORIES) if (c !== 'other' && flags & FLAG[c]) return c;
  return 'other';
}

export function hasCategory(flags: number, c: Category): boolean {
  return c === 'other' ? (flags & CATEGORY_MASK) === 0 : (flags & FLAG[c]) !== 0;
}

/** CS2 agent factions (the part after " | " in an agent's name). */
const AGENT_FACTIONS = new Set([
  'the professionals',
  'guerrilla warfare',
  'swat',
  'sabre',
  'sabre footsoldier',
  'phoenix',
  'gendarmerie nationale',
  'elite crew',
  'nswc seal',
  'seal frogman',
  'fbi',
  'fbi hrt',
  'fbi swat',
  'fbi sniper',
  'ksk',
  'sas',
  'nzsas',
  'tacp cavalry',
  'usaf tacp',
  'brazilian 1st battalion',
]);
const NOT_AGENT_PREFIX = [
  'sticker |',
  'sticker slab |',
  'patch |',
  'sealed graffiti |',
  'graffiti |',
  'charm |',
  'music kit |',
  'pin |',
];

const WEAR_BY_TEXT: ReadonlyArray<[string, number]> = [
  ['(factory new)', FLAG.fn],
  ['(minimal wear)', FLAG.mw],
  ['(field-tested)', FLAG.ft],
  ['(well-worn)', FLAG.ww],
  ['(battle-scarred)', FLAG.bs],
];

/** Lower case, accents removed, whitespace collapsed. Used for names and for the query alike. */
export function normalizeText(s: string): string {
  let t = s.toLowerCase();
  // Canonical decomposition only (NFD): accents go, while ™ and ★ stay as they are.
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(t)) t = t.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return t;
}

/** Category and attribute bits of one item, from its name (CS2 naming; other games get what applies). */
export function analyzeName(lower: string): number {
  let f = 0;
  if (lower.includes('stattrak')) f |= FLAG.stattrak;
  if (lower.startsWith('souvenir ')) f |= FLAG.souvenir;
  for (const [text, bit] of WEAR_BY_TEXT) {
    if (lower.endsWith(text)) {
      f |= bit;
      break;
    }
  }
  const star = lower.startsWith('\u2605');
  if (lower.startsWith('sticker |')) f |= FLAG.sticker;
  else if (lower.startsWith('sealed graffiti |') || lower.startsWith('graffiti |')) f |= FLAG.graffiti;
  else if ((lower.includes('gloves') || lower.includes('hand wraps')) && (star || lower.includes(' | ')))
    f |= FLAG.gloves;
  else if (star) f |= FLAG.knife;
  else if (lower.endsWith(' case') || lower.endsWith(' capsule') || lower.endsWith(' package')) f |= FLAG.case;
  else {
    const bar = lower.lastIndexOf(' | ');
    if (bar > 0 && AGENT_FACTIONS.has(lower.slice(bar + 3)) && !NOT_AGENT_PREFIX.some((p) => lower.startsWith(p)))
      f |= FLAG.agent;
    else if (f & WEAR_MASK) f |= FLAG.weapon;
  }
  return f;
}

/** Abbreviations a trader types, and the attribute each stands for. */
export const ABBREVIATIONS: Readonly<Record<string, number>> = {
  fn: FLAG.fn,
  mw: FLAG.mw,
  ft: FLAG.ft,
  ww: FLAG.ww,
  bs: FLAG.bs,
  st: FLAG.stattrak,
  sv: FLAG.souvenir,
};
/** Whole words that also match their category (a knife's name rarely says "knife"). */
const CATEGORY_WORDS: Readonly<Record<string, number>> = {
  knife: FLAG.knife,
  knives: FLAG.knife,
  glove: FLAG.gloves,
  gloves: FLAG.gloves,
  agent: FLAG.agent,
  agents: FLAG.agent,
  stattrak: FLAG.stattrak,
  'stattrak\u2122': FLAG.stattrak,
  souvenir: FLAG.souvenir,
};

/** Words this short (or shorter) match only at the start of a word of the name. */
const SHORT_WORD = 3;

export interface Token {
  text: string;
  /** Must NOT match. */
  negate: boolean;
  /** Attribute bits that also count as a match (0 = none). */
  flag: number;
  /** Match only at a word start (abbreviations and short words). */
  wordStart: boolean;
}

/** The filter text -> tokens. Empty tokens are dropped; duplicates are kept once. */
export function tokenize(query: string): Token[] {
  const q = normalizeText(query);
  const out: Token[] = [];
  const seen = new Set<string>();
  const re = /(-?)"([^"]*)"?|(\S+)/g;
  for (let m = re.exec(q); m; m = re.exec(q)) {
    let negate = m[1] === '-';
    let text = m[2] ?? m[3] ?? '';
    const phrase = m[2] !== undefined;
    if (!phrase && text.length > 1 && text.startsWith('-')) {
      negate = true;
      text = text.slice(1);
    }
    text = phrase ? text.replace(/\s+/g, ' ').trim() : text;
    if (!text || text === '-') continue;
    const key = `${negate ? '-' : '+'}${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const abbr = phrase ? undefined : ABBREVIATIONS[text];
    const word = phrase ? undefined : CATEGORY_WORDS[text];
    out.push({
      text,
      negate,
      flag: abbr ?? word ?? 0,
      wordStart: !phrase && (abbr !== undefined || text.length <= SHORT_WORD),
    });
  }
  return out;
}

/** A letter or digit (anything beyond ASCII counts as a letter); a word starts where none precedes. */
export function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code > 127;
}

function matchesWordStart(s: string, t: string): boolean {
  for (let at = s.indexOf(t); at >= 0; at = s.indexOf(t, at + 1)) {
    if (at === 0 || !isWordChar(s.charCodeAt(at - 1))) return true;
  }
  return false;
}

function tokenMatches(tok: Token, search: string, flags: number): boolean {
  if (tok.flag && flags & tok.flag) return true;
  return tok.wordStart ? matchesWordStart(search, tok.text) : search.includes(tok.text);
}

/** A predicate over (search text, flags) for the query; null when the query is empty (everything matches). */
export function compileQuery(query: string): ((search: string, flags: number) => boolean) | null {
  return compileTokens(tokenize(query));
}

/** compileQuery for tokens already made by tokenize(). */
export function compileTokens(tokens: readonly Token[]): ((search: string, flags: number) => boolean) | null {
  if (tokens.length === 0) return null;
  // Longest positive words first: they reject most items soonest.
  const pos = tokens.filter((t) => !t.negate).sort((a, b) => b.text.length - a.text.length);
  const neg = tokens.filter((t) => t.negate);
  return (search, flags) => {
    for (const t of pos) if (!tokenMatches(t, search, flags)) return false;
    for (const t of neg) if (tokenMatches(t, search, flags)) return false;
    return true;
  };
}

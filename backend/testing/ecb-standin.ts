/**
 * A stand-in for the ECB's euro reference rate files, for tests and e2e (127.0.0.1 only, a random port):
 *
 *   GET /eurofxref-daily.xml      the newest day
 *   GET /eurofxref-hist-90d.xml   the days of the 90 days up to the newest, newest first (as the ECB lists them)
 *
 * in the ECB's own layout (gesmes envelope, single-quoted attributes: backend/rates/ecb-xml.ts). Its days are
 * TARGET working days between `from` and `to` (weekends and closing days such as 25-26 December and 1 January
 * have no entry, as at the ECB), less the `missing` ones (a day the source skipped); the rates are `rates`
 * (1 EUR = …), moved a little each day so each day differs. `mode` makes it go down (503), refuse connections,
 * serve a file that is not XML, redirect elsewhere, or serve a file larger than a cap. Every request is recorded
 * (path and headers) so tests can check what was sent.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RateDay } from '../../shared/rates/types';
import { isTargetClosed, nextWorkingDay } from '../rates/schedule';

/** 1 EUR = … on the first day (made-up figures of the usual size). */
const STANDIN_RATES: Readonly<Record<string, number>> = {
  USD: 1.0832,
  JPY: 162.45,
  CNY: 7.8412,
  GBP: 0.8347,
  KRW: 1450.12,
  PLN: 4.2675,
  BRL: 6.1843,
  CHF: 0.9391,
  TRY: 37.125,
};

type StandinMode = 'up' | 'down' | 'refuse' | 'bad-file' | 'redirect' | 'huge';

export interface EcbStandinOptions {
  /** First and last day (YYYY-MM-DD); closing days in between have no entry. */
  readonly from: string;
  readonly to: string;
  /** Working days the file leaves out anyway. */
  readonly missing?: readonly string[];
  /** 1 EUR = … on the first day; default STANDIN_RATES. */
  readonly rates?: Readonly<Record<string, number>>;
  readonly mode?: StandinMode;
  /** The size of the 'huge' file, bytes; default 2 MB. */
  readonly hugeBytes?: number;
}

interface EcbStandinRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
}

export interface EcbStandin {
  /** The base address, ending in "/" (what MARKET_DESK_RATES_URL takes). */
  readonly url: string;
  readonly requests: EcbStandinRequest[];
  /** The days it serves, oldest first. */
  days(): RateDay[];
  setMode(mode: StandinMode): void;
  /** Serves days up to a new last day (a new publication). */
  setTo(to: string): void;
  close(): Promise<void>;
}

/**
 * The stand-in's rate of a currency on the n-th day served (0 = the first): the base moved 0.1 % a day, the
 * dollar 0.05 % a day the other way, so that a cross rate (CNY per USD) differs from day to day as real ones do
 * and a figure converted at the wrong day's rate shows.
 */
function standinRate(base: number, n: number, code = ''): number {
  const drift = code === 'USD' ? -0.0005 : 0.001;
  return Number((base * (1 + drift * n)).toPrecision(5));
}

/** The working days from..to, less the missing ones, with their rates; oldest first. */
export function standinDays(options: Pick<EcbStandinOptions, 'from' | 'to' | 'missing' | 'rates'>): RateDay[] {
  const rates = options.rates ?? STANDIN_RATES;
  const missing = new Set(options.missing ?? []);
  const days: RateDay[] = [];
  let date = isTargetClosed(options.from) ? nextWorkingDay(options.from) : options.from;
  for (let n = 0; date <= options.to; n++, date = nextWorkingDay(date)) {
    if (missing.has(date)) continue;
    days.push({
      date,
      perEuro: Object.fromEntries(Object.entries(rates).map(([code, base]) => [code, standinRate(base, n, code)])),
    });
  }
  return days;
}

/** Days as the ECB writes them (newest first). */
export function ecbXml(days: readonly RateDay[]): string {
  const cubes = [...days]
    .reverse()
    .map(
      (d) =>
        `\t\t<Cube time='${d.date}'>\n${Object.entries(d.perEuro)
          .map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`)
          .join('\n')}\n\t\t</Cube>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>`;
}

const DAY_MS = 86_400_000;

export async function startEcbStandin(options: EcbStandinOptions): Promise<EcbStandin> {
  let to = options.to;
  let mode: StandinMode = options.mode ?? 'up';
  const requests: EcbStandinRequest[] = [];
  const days = (): RateDay[] => standinDays({ ...options, to });

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push({ method: req.method ?? '', path, headers: req.headers });
    const send = (status: number, body: string, headers: Record<string, string> = {}): void => {
      res.writeHead(status, {
        'content-type': 'text/xml; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      });
      res.end(body);
    };
    if (mode === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (mode === 'down') return send(503, 'Service Unavailable', { 'content-type': 'text/plain' });
    if (mode === 'redirect') return send(302, '', { location: `https://rates.example.invalid${path}` });
    const all = days();
    const newest = all[all.length - 1];
    let body: string;
    if (path.endsWith('/eurofxref-daily.xml')) body = ecbXml(newest ? [newest] : []);
    else if (path.endsWith('/eurofxref-hist-90d.xml')) {
      const since = newest ? new Date(Date.parse(newest.date) - 90 * DAY_MS).toISOString().slice(0, 10) : '';
      body = ecbXml(all.filter((d) => d.date > since));
    } else return send(404, 'Not Found', { 'content-type': 'text/plain' });
    if (mode === 'bad-file') body = '<html><body>Maintenance</body></html>';
    if (mode === 'huge')
      body = body.replace('<Cube>', `<Cube>\n<!--${'x'.repeat(options.hugeBytes ?? 2 * 1024 * 1024)}-->`);
    send(200, body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stats/eurofxref/`,
    requests,
    days,
    setMode: (next) => {
      mode = next;
    },
    setTo: (next) => {
      to = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * `npx tsx backend/testing/ecb-standin.ts [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--mode down|refuse|bad-file|redirect|huge]`:
 * serves the stand-in on 127.0.0.1 until Ctrl+C and prints the address for MARKET_DESK_RATES_URL. Default: the
 * 100 days up to today (UTC).
 */
async function runCli(args: readonly string[]): Promise<void> {
  const arg = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const to = arg('--to') ?? new Date().toISOString().slice(0, 10);
  const from = arg('--from') ?? new Date(Date.parse(to) - 100 * DAY_MS).toISOString().slice(0, 10);
  const modes: readonly StandinMode[] = ['up', 'down', 'refuse', 'bad-file', 'redirect', 'huge'];
  const mode = (arg('--mode') ?? 'up') as StandinMode;
  if (!modes.includes(mode) || !/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) {
    console.error(`Usage: ecb-standin [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--mode ${modes.join('|')}]`);
    process.exit(2);
  }
  const standin = await startEcbStandin({ from, to, mode });
  console.log(
    `ECB stand-in (${from} to ${to}, ${mode}). Start Market Desk with:\n\n    MARKET_DESK_RATES_URL=${standin.url}\n`,
  );
  process.once('SIGINT', () => void standin.close().finally(() => process.exit(0)));
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) void runCli(process.argv.slice(2));

/**
 * The reference service started the way a user starts it (`npm run service`, i.e. service/src/cli.ts in its
 * own process), driven through its admin endpoints. The "connected" Playwright project runs the shell and
 * grid specs against it with a non-demo key, so the app is proven on a service that is not its embedded one.
 * `markets` starts it as another service (a `--markets FILE` written under the OS temp dir) and
 * `errorStyle: 'opaque'` with `--opaque-errors` (every 400 says only "Bad Request"), `maxMarketsPerRequest`
 * with `--max-markets-per-request N` (a longer markets list is refused).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { publishedMarkets, type ServedMarkets } from '../shared/catalog/markets';
import type { CatalogSlice, FaultConfig, ServiceOptions } from '../service/src/index';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const START_TIMEOUT_MS = 60_000;

/** What the specs use of a reference service, however it runs. */
export interface TestService {
  readonly url: string;
  readonly port: number;
  readonly demoKey: string;
  /** A key that is not the demo key: what a user would paste from their profile. */
  readonly userKey: string;
  /** Whether this is a separate process (the user's path) rather than the in-process service. */
  readonly separate: boolean;
  /** The marketplace names it serves (the published ones unless `markets` said otherwise). */
  readonly markets: ServedMarkets;
  setFaults(patch: Partial<FaultConfig>): Promise<void>;
  advanceClock(ms: number): Promise<void>;
  close(): Promise<void>;
}

export const USER_KEY = 'e2e-user-key-7a41c09e';

/** CLI flags for the options specs use; anything else can't be given to a separate process. */
function flagsFor(options: Omit<ServiceOptions, 'port' | 'host'>): string[] {
  const flags: string[] = [];
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    switch (name) {
      case 'tokenTtlSeconds':
        flags.push('--token-ttl', String(value));
        break;
      case 'apiKeys':
        for (const spec of value as { key: string; operations?: readonly string[] }[]) {
          flags.push('--api-key', spec.operations ? `${spec.key}:${spec.operations.join(',')}` : spec.key);
        }
        break;
      case 'clock':
        // A spec's fixed clock: the same instant, frozen in the separate process.
        flags.push('--frozen-clock', String((value as () => number)()));
        break;
      case 'seed':
        flags.push('--seed', String(value));
        break;
      case 'markets':
        // Another service's names: a markets file (`--markets FILE`) in a fresh folder of the OS temp dir.
        flags.push('--markets', writeMarketsFile(value as ServedMarkets));
        break;
      case 'catalogSlice': {
        const slice = value as CatalogSlice;
        flags.push('--catalog-every', String(slice.every));
        if (slice.keep !== undefined) flags.push('--catalog-keep', slice.keep);
        break;
      }
      case 'maxMarketsPerRequest':
        flags.push('--max-markets-per-request', String(value));
        break;
      case 'requestsPerMinute':
        flags.push('--requests-per-minute', String(value));
        break;
      case 'freezeMarkets':
        for (const slug of value as readonly string[]) flags.push('--freeze-market', slug);
        break;
      case 'plantOutliers':
        flags.push('--plant-outliers', String(value));
        break;
      case 'plantRoutes':
        flags.push('--plant-routes', String(value));
        break;
      case 'errorStyle':
        if (value === 'opaque') flags.push('--opaque-errors');
        else if (value !== 'named') throw new Error(`serviceOptions.errorStyle ${String(value)} is not a CLI flag`);
        break;
      default:
        throw new Error(`serviceOptions.${name} cannot be passed to a separately started service`);
    }
  }
  return flags;
}

export async function startSeparateService(
  options: Omit<ServiceOptions, 'port' | 'host'> = {},
  port = 0,
): Promise<TestService> {
  const args = [
    'service/src/cli.ts',
    '--port',
    String(port),
    '--admin',
    '--quiet',
    '--api-key',
    USER_KEY,
    ...flagsFor(options),
  ];
  const child = spawn(TSX, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const { url, demoKey } = await announced(child);
  const admin = async (route: 'faults' | 'clock', body: unknown): Promise<void> => {
    const res = await fetch(`${url}/__admin/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`admin ${route}: HTTP ${res.status} ${await res.text()}`);
  };
  let closing: Promise<void> | null = null;
  return {
    url,
    port: Number(new URL(url).port),
    demoKey,
    userKey: USER_KEY,
    separate: true,
    markets: options.markets ?? publishedMarkets(),
    setFaults: (patch) => admin('faults', patch),
    advanceClock: (ms) => admin('clock', { advanceMs: ms }),
    close() {
      closing ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
      return closing;
    },
  };
}

/** Writes `markets` as a `--markets FILE` JSON file under the OS temp dir; returns its path. */
export function writeMarketsFile(markets: ServedMarkets): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mds-e2e-markets-')), 'markets.json');
  writeFileSync(file, JSON.stringify(markets));
  return file;
}

/** Waits for the service's start-up lines: its URL and the demo key. */
function announced(child: ChildProcessByStdio<null, Readable, Readable>): Promise<{ url: string; demoKey: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${why}\nstdout: ${out}\nstderr: ${err}`));
    };
    const timer = setTimeout(() => fail('the reference service printed no URL in time'), START_TIMEOUT_MS);
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      const demoKey = /Demo API key: (\S+)/.exec(out)?.[1];
      if (url && demoKey) {
        clearTimeout(timer);
        resolve({ url, demoKey });
      }
    });
    child.once('exit', (code) => fail(`the reference service exited (${code})`));
  });
}

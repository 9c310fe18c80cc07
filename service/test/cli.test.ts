/**
 * The command line: `--markets-json` with and without `--markets FILE` (spawned), flag parsing, markets
 * files, and spawned services on a free port that print their URL and the demo key and answer.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../shared/api/demo';
import { REST_PATHS } from '../../shared/api/schema';
import { publishedMarkets } from '../../shared/catalog/markets';
import { DEFAULT_PORT, parseCli } from '../src/server/cli-options';
import { createToken, gql, rest } from './helpers/http';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const cli = 'service/src/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mds-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;
/** Writes `content` (a string as is, anything else as JSON) to a fresh file in the temp folder. */
function file(content: unknown): string {
  const f = join(dir, `markets-${fileNo++}.json`);
  writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content));
  return f;
}

const CUSTOM = {
  minPrices: [...publishedMarkets().minPrices, 'newmarket-x', 'another-one'],
  maxOrders: ['steamcommunity', 'newmarket-x'],
  marketOrderAnalytics: [],
};

/** Spawns the CLI and resolves with its base URL once it has printed it and the demo key. */
function spawnService(args: readonly string[]): { child: ChildProcessWithoutNullStreams; url: Promise<string> } {
  const child = spawn(tsx, [cli, '--port', '0', '--quiet', ...args], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 45_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && out.includes(`Demo API key: ${DEMO_API_KEY}`)) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return { child, url };
}

describe('CLI', () => {
  it('--markets-json prints the published names as one JSON line: 28 min prices, 3 max orders, 6 order analytics', () => {
    const r = spawnSync(tsx, [cli, '--markets-json'], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${JSON.stringify(publishedMarkets())}\n`);
    const parsed = JSON.parse(r.stdout) as { minPrices: string[]; maxOrders: string[]; marketOrderAnalytics: string[] };
    expect(Object.keys(parsed)).toEqual(['minPrices', 'maxOrders', 'marketOrderAnalytics']);
    expect([parsed.minPrices.length, parsed.maxOrders.length, parsed.marketOrderAnalytics.length]).toEqual([28, 3, 6]);
    expect(parsed.minPrices).toContain('steamcommunity');
    expect(parsed.minPrices).not.toContain('steam');
  });

  it('--markets FILE --markets-json prints the names of the file (flags in any order)', () => {
    const f = file(CUSTOM);
    for (const args of [
      ['--markets', f, '--markets-json'],
      ['--markets-json', '--markets', f],
    ]) {
      const r = spawnSync(tsx, [cli, ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`${JSON.stringify(CUSTOM)}\n`);
    }
  });

  it('a bad markets file is a clear error with exit code 2', () => {
    const r = spawnSync(
      tsx,
      [cli, '--markets', file({ minPrices: ['Steam'], maxOrders: [], marketOrderAnalytics: [] }), '--markets-json'],
      { cwd: root, encoding: 'utf8', timeout: 30_000 },
    );
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^--markets .*markets-\d+\.json: minPrices\[0\]: "Steam" is not a marketplace name/);
  });

  it('checks markets files: three arrays of unique names, minPrices not empty, nothing else', () => {
    const ok = parseCli(['--markets', file(CUSTOM)]);
    expect(ok.markets).toEqual(CUSTOM);
    expect(parseCli([]).markets).toEqual(publishedMarkets());
    const bad: [unknown, RegExp][] = [
      ['{"minPrices": [', /not valid JSON/],
      [['steamcommunity'], /expected a JSON object/],
      [{ minPrices: [], maxOrders: [], marketOrderAnalytics: [] }, /"minPrices" must name at least one/],
      [{ minPrices: ['a'], maxOrders: [] }, /"marketOrderAnalytics" is missing/],
      [{ minPrices: ['a'], maxOrders: [], marketOrderAnalytics: [], maxorders: [] }, /unknown key "maxorders"/],
      [{ minPrices: 'steamcommunity', maxOrders: [], marketOrderAnalytics: [] }, /"minPrices" must be an array/],
      [{ minPrices: ['a', 'b', 'a'], maxOrders: [], marketOrderAnalytics: [] }, /minPrices\[2\]: "a" is listed twice/],
      [{ minPrices: ['a'], maxOrders: [7], marketOrderAnalytics: [] }, /maxOrders\[0\]: 7 is not a marketplace name/],
      [{ minPrices: ['a'], maxOrders: [], marketOrderAnalytics: ['-x'] }, /marketOrderAnalytics\[0\]: "-x"/],
      [{ minPrices: ['a b'], maxOrders: [], marketOrderAnalytics: [] }, /minPrices\[0\]/],
      [{ minPrices: ['x'.repeat(65)], maxOrders: [], marketOrderAnalytics: [] }, /minPrices\[0\]/],
    ];
    for (const [content, message] of bad) {
      expect(() => parseCli(['--markets', file(content)]), JSON.stringify(content)).toThrow(message);
    }
    expect(() => parseCli(['--markets', join(dir, 'missing.json')])).toThrow(
      /--markets .*missing\.json: cannot read the file/,
    );
    // The pattern's edges are names: one character, 64 characters, dots, underscores, dashes.
    const edge = {
      minPrices: ['a', `a${'b'.repeat(63)}`, 'lis-skins', 'x.y_z'],
      maxOrders: [],
      marketOrderAnalytics: [],
    };
    expect(parseCli(['--markets', file(edge)]).markets).toEqual(edge);
    expect(parseCli(['--opaque-errors']).opaqueErrors).toBe(true);
    expect(parseCli(['--catalog-every', '8', '--catalog-keep', '^AWP']).catalogSlice).toEqual({
      every: 8,
      keep: '^AWP',
    });
    expect(parseCli(['--catalog-every', '3']).catalogSlice).toEqual({ every: 3 });
    expect(parseCli([]).catalogSlice).toBeUndefined();
    expect(() => parseCli(['--catalog-keep', '^AWP'])).toThrow(/needs --catalog-every/);
    expect(() => parseCli(['--catalog-every', '0'])).toThrow(/--catalog-every/);
    expect(() => parseCli(['--catalog-every', '2', '--catalog-keep', '('])).toThrow(/not a regular expression/);
    expect(parseCli([]).opaqueErrors).toBe(false);
  });

  it('parses flags with defaults (port 8787, ttl 7200) and validates them', () => {
    const d = parseCli([]);
    expect(d).toMatchObject({
      port: DEFAULT_PORT,
      host: '127.0.0.1',
      seed: 1,
      tokenTtlSeconds: 7200,
      admin: false,
      apiKeys: [],
      faults: {},
    });
    expect(DEFAULT_PORT).toBe(8787);
    const c = parseCli([
      '--port',
      '0',
      '--seed',
      '7',
      '--token-ttl',
      '60',
      '--api-key',
      'a',
      '--api-key',
      'b:aggregatedMinPrices',
      '--admin',
      '--latency',
      '5',
      '--error-rate',
      '0.1',
      '--rate-limit-rate',
      '0.2',
      '--retry-after',
      '3',
      '--truncate-rate',
      '0.3',
      '--reset-rate',
      '0.05',
      '--token-early-expiry',
      '30',
      '--dirty-data-rate',
      '0.25',
      '--fault-seed',
      '9',
    ]);
    expect(c).toMatchObject({
      port: 0,
      seed: 7,
      tokenTtlSeconds: 60,
      admin: true,
      apiKeys: [{ key: 'a' }, { key: 'b', operations: ['aggregatedMinPrices'] }],
      faults: {
        latencyMs: 5,
        errorRate: 0.1,
        rateLimitRate: 0.2,
        retryAfterSeconds: 3,
        truncateRate: 0.3,
        resetRate: 0.05,
        tokenEarlyExpiry: 30,
        dirtyDataRate: 0.25,
        seed: 9,
      },
    });
    expect(() => parseCli(['--port', 'x'])).toThrow(/--port/);
    expect(() => parseCli(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseCli(['--error-rate', '2'])).toThrow(/errorRate/);
    expect(() => parseCli(['--nope'])).toThrow();
    expect(() => parseCli(['--token-ttl', '0'])).toThrow(/token-ttl/);
    expect(parseCli([]).frozenClockMs).toBeUndefined();
    expect(parseCli(['--frozen-clock', '1748865600000']).frozenClockMs).toBe(1748865600000);
    expect(() => parseCli(['--frozen-clock', 'noon'])).toThrow(/--frozen-clock/);
  });

  it('starts, prints the base URL and the demo key, and answers', async () => {
    const { child, url: started } = spawnService(['--api-key', 'cli-key']);
    try {
      const url = await started;
      const t = await createToken(url, 'cli-key');
      const g = await gql(url, t, '{ getPriceRecommendations(game_id: 440) { market_hash_name } }');
      expect(g.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('--markets FILE --opaque-errors: serves the file\'s names and answers every 400 with only "Bad Request"', async () => {
    const { child, url: started } = spawnService(['--markets', file(CUSTOM), '--opaque-errors']);
    try {
      const url = await started;
      const t = await createToken(url);
      const ok = await rest<{ prices: unknown[] }[]>(url, REST_PATHS.minPrices, t, {
        game_id: 440,
        markets: ['newmarket-x'],
      });
      expect(ok.status).toBe(200);
      expect(ok.data.some((it) => it.prices.length > 0)).toBe(true);
      const refused = await rest(url, REST_PATHS.minPrices, t, { game_id: 440, markets: ['steam'] });
      expect([refused.status, refused.text]).toEqual([400, 'Bad Request']);
      const g = await gql(url, t, '{ aggregatedMaxOrders(markets: ["csgotm"]) { market_hash_name } }');
      expect([g.status, g.text]).toEqual([400, '{"errors":[{"message":"Bad Request"}]}']);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

/**
 * The command line: `--markets-json` (spawned), flag parsing, and a spawned service on a free port that
 * prints its URL and the demo key and answers.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../shared/api/demo';
import { marketsJson } from '../../shared/catalog/markets';
import { DEFAULT_PORT, parseCli } from '../src/server/cli-options';
import { createToken, gql } from './helpers/http';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const cli = 'service/src/cli.ts';

describe('CLI', () => {
  it('--markets-json prints exactly {"minPrices":[36],"maxOrders":[7],"marketOrderAnalytics":[6]}', () => {
    const r = spawnSync(tsx, [cli, '--markets-json'], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${JSON.stringify(marketsJson())}\n`);
    const parsed = JSON.parse(r.stdout) as { minPrices: string[]; maxOrders: string[]; marketOrderAnalytics: string[] };
    expect(Object.keys(parsed)).toEqual(['minPrices', 'maxOrders', 'marketOrderAnalytics']);
    expect([parsed.minPrices.length, parsed.maxOrders.length, parsed.marketOrderAnalytics.length]).toEqual([36, 7, 6]);
  });

  it('parses flags with defaults (port 8787, ttl 7200) and validates them', () => {
    const d = parseCli([]);
    expect(d).toMatchObject({ port: DEFAULT_PORT, host: '127.0.0.1', seed: 1, tokenTtlSeconds: 7200, admin: false, apiKeys: [], faults: {} });
    expect(DEFAULT_PORT).toBe(8787);
    const c = parseCli(['--port', '0', '--seed', '7', '--token-ttl', '60', '--api-key', 'a', '--api-key', 'b:aggregatedMinPrices', '--admin',
      '--latency', '5', '--error-rate', '0.1', '--rate-limit-rate', '0.2', '--retry-after', '3', '--truncate-rate', '0.3', '--reset-rate', '0.05', '--token-early-expiry', '30', '--dirty-data-rate', '0.25', '--fault-seed', '9']);
    expect(c).toMatchObject({
      port: 0, seed: 7, tokenTtlSeconds: 60, admin: true,
      apiKeys: [{ key: 'a' }, { key: 'b', operations: ['aggregatedMinPrices'] }],
      faults: { latencyMs: 5, errorRate: 0.1, rateLimitRate: 0.2, retryAfterSeconds: 3, truncateRate: 0.3, resetRate: 0.05, tokenEarlyExpiry: 30, dirtyDataRate: 0.25, seed: 9 },
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
    const child = spawn(tsx, [cli, '--port', '0', '--quiet', '--api-key', 'cli-key'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
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
      const t = await createToken(url, 'cli-key');
      const g = await gql(url, t, '{ getPriceRecommendations(game_id: 440) { market_hash_name } }');
      expect(g.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});

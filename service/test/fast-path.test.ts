/**
 * The fast GraphQL path (direct serialization from the simulated market's data) must give exactly the
 * bytes graphql-js's `execute` gives: on a small tricky catalog with random selections (aliases, fragments,
 * inline fragments, __typename, @skip/@include with variables), and on the real catalog.
 * Also the ByteWriter against JSON.stringify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../shared/api/demo';
import { GAME_IDS, STEAM_ANALYTICS_GAMES } from '../../shared/catalog/games';
import { mulberry32 } from '../../shared/random/mulberry32';
import type { RunningService } from '../src/server/start';
import { startHttpService } from '../src/server/start';
import { ByteWriter, MemorySink, packNames } from '../src/server/writer';
import { createFakeMarket } from './helpers/fake-market';
import { createToken, gql } from './helpers/http';
import { schema } from './helpers/queries';
import {
  MARKET_ORDER_ANALYTICS_MARKETS,
  MAX_ORDER_MARKETS,
  MIN_PRICE_MARKETS,
  FIXED_NOW,
  startTestService,
} from './helpers/service';
import { getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';

type Pair = { fast: RunningService; ref: RunningService; tFast: string; tRef: string };

async function pair(start: (executor: 'fast' | 'reference') => Promise<RunningService>): Promise<Pair> {
  const fast = await start('fast');
  const ref = await start('reference');
  return {
    fast,
    ref,
    tFast: await createToken(fast.url, DEMO_API_KEY),
    tRef: await createToken(ref.url, DEMO_API_KEY),
  };
}

async function same(p: Pair, query: string, variables?: Record<string, unknown>): Promise<string> {
  const a = await gql(p.fast.url, p.tFast, query, variables);
  const b = await gql(p.ref.url, p.tRef, query, variables);
  expect(a.status, `${query}\n${a.text.slice(0, 300)}`).toBe(200);
  expect(b.status).toBe(200);
  expect(a.text, query).toBe(b.text);
  return a.text;
}

/** A random selection set on `type`, with aliases, duplicates, fragments, inline fragments and directives. */
function randomSelection(rnd: () => number, type: GraphQLObjectType, frags: string[], depth = 0): string {
  const fields = Object.values(type.getFields());
  const parts: string[] = [];
  const n = 1 + Math.floor(rnd() * Math.min(fields.length + 1, 6));
  for (let i = 0; i < n; i++) {
    const r = rnd();
    if (r < 0.08) {
      parts.push('__typename');
      continue;
    }
    const f = fields[Math.floor(rnd() * fields.length)]!;
    const named = getNamedType(f.type);
    const alias = rnd() < 0.25 ? `a${Math.floor(rnd() * 3)}_${f.name}: ` : '';
    const dir =
      rnd() < 0.15 ? ` @include(if: $yes)` : rnd() < 0.15 ? ` @skip(if: $yes)` : rnd() < 0.1 ? ' @skip(if: false)' : '';
    const sub = isObjectType(named) ? ` { ${randomSelection(rnd, named, frags, depth + 1)} }` : '';
    const field = `${alias}${f.name}${dir}${sub}`;
    const wrap = rnd();
    if (wrap < 0.1) parts.push(`... on ${type.name} { ${field} }`);
    else if (wrap < 0.15) parts.push(`...${dir ? '' : ' @include(if: $no)'} { ${field} }`);
    else if (wrap < 0.22) {
      const name = `F${frags.length}`;
      frags.push(`fragment ${name} on ${type.name} { ${field} }`);
      parts.push(`...${name}`);
    } else parts.push(field);
  }
  return parts.join(' ');
}

const ROOTS: [string, string][] = [
  ['aggregatedMinPrices', `(markets: ${JSON.stringify(MIN_PRICE_MARKETS.slice(0, 8))})`],
  ['aggregatedMinPrices', `(markets: ${JSON.stringify([...MIN_PRICE_MARKETS].reverse())})`],
  ['aggregatedMaxOrders', `(markets: ${JSON.stringify(MAX_ORDER_MARKETS)})`],
  ['getSteamAnalytics', '(game_id: 570)'],
  ['getMarketOrderAnalytics', '(market_name: "youpin", game_id: 252490)'],
  ['getPriceRecommendations', '(game_id: 440, type: p2p)'],
  ['getPriceRecommendations', ''],
];

describe('fast path == graphql-js execute (small tricky catalog)', () => {
  let p: Pair;
  beforeAll(async () => {
    p = await pair((executor) =>
      startHttpService({ quiet: true, executor, clock: () => FIXED_NOW, market: createFakeMarket({ items: 40 }) }),
    );
  });
  afterAll(async () => {
    await p.fast.close();
    await p.ref.close();
  });

  it('full selections of every operation and game', async () => {
    for (const game of GAME_IDS) {
      for (const market of MARKET_ORDER_ANALYTICS_MARKETS) {
        await same(
          p,
          `{ getMarketOrderAnalytics(market_name: "${market}", game_id: ${game}) { market_hash_name buyOrders { max_buy_order_price_24h min_buy_order_price } listings { min_sell_order_price_24h latest_sell_order_price } } }`,
        );
      }
      await same(
        p,
        `{ getPriceRecommendations(game_id: ${game}) { market_hash_name suggested_price unstable_reasons total_sales price_difference price_change_percentage liquidity_score } }`,
      );
    }
    for (const game of STEAM_ANALYTICS_GAMES) {
      await same(
        p,
        `{ getSteamAnalytics(game_id: ${game}) { market_hash_name game_id sales { last_90d avg_daily_volume latest_median_price_sold } listings { median_sell_price_90d } buyOrders { buy_orders_last_24h } } }`,
      );
    }
    const text = await same(
      p,
      `{ aggregatedMinPrices(markets: ${JSON.stringify(MIN_PRICE_MARKETS)}) { market_hash_name prices { market_name offers price price_locked } } }`,
    );
    expect(text).toContain('StatTrak™');
    expect(text).toContain('\\"Quoted\\" \\\\ Backslash');
    expect(text).toContain('\\u0001');
    expect(text).toContain('\\ud800');
    await same(
      p,
      `{ aggregatedMaxOrders(markets: ${JSON.stringify(MAX_ORDER_MARKETS)}) { market_hash_name orders { market_name offers price } } }`,
    );
  });

  it('root __typename, several root fields, variables and the token mutation', async () => {
    await same(
      p,
      'query($m: [String!]!) { __typename x: aggregatedMinPrices(markets: $m) { __typename n: market_hash_name } y: aggregatedMaxOrders(markets: $m) { orders { __typename price } } }',
      { m: ['steamcommunity', 'buff163'] },
    );
    const a = await gql(
      p.fast.url,
      null,
      'mutation M { __typename t: createSubscriptionToken(api_key: "demo-market-desk-key") }',
    );
    expect(a.text).toMatch(/^\{"data":\{"__typename":"Mutation","t":"[\w-]+\.[\w-]+\.[\w-]+"\}\}$/);
  });

  it('introspection mixed with data fields (introspection spliced in from graphql-js)', async () => {
    const text = await same(
      p,
      '{ __type(name: "MarketPrice") { name fields { name type { name kind } } } aggregatedMinPrices(markets: ["steamcommunity"]) { market_hash_name } s: __schema { queryType { name } } }',
    );
    expect(text).toContain('"price_locked"');
  });

  it('200 random selections give identical bytes', async () => {
    const rnd = mulberry32(2024);
    for (let i = 0; i < 200; i++) {
      const [root, args] = ROOTS[Math.floor(rnd() * ROOTS.length)]!;
      const rootType = schema.getQueryType()!.getFields()[root]!;
      const frags: string[] = [];
      const sel = randomSelection(rnd, getNamedType(rootType.type) as GraphQLObjectType, frags);
      const alias = rnd() < 0.3 ? 'r: ' : '';
      const query = `query Q($yes: Boolean! = true, $no: Boolean! = false) { t: __typename @include(if: $no) u: __typename @skip(if: $yes) ${alias}${root}${args} { ${sel} } } ${frags.join(' ')}`;
      await same(p, query, rnd() < 0.5 ? { yes: false } : undefined);
    }
  });
});

describe('fast path == graphql-js execute (real catalog)', () => {
  let p: Pair;
  beforeAll(async () => {
    p = await pair((executor) => startTestService({ executor }));
  });
  afterAll(async () => {
    await p.fast.close();
    await p.ref.close();
  });

  it('min prices, max orders, steam analytics, market order analytics, recommendations', async () => {
    await same(
      p,
      '{ aggregatedMinPrices(markets: ["steamcommunity", "csgoroll", "buff163"]) { market_hash_name prices { market_name offers price price_locked __typename } } }',
    );
    await same(
      p,
      '{ aggregatedMaxOrders(markets: ["csgotm", "steamcommunity"]) { n: market_hash_name orders { price offers } } }',
    );
    await same(
      p,
      '{ getSteamAnalytics(game_id: 570) { market_hash_name game_id sales { avg_daily_volume last_7d } } }',
    );
    await same(
      p,
      '{ getMarketOrderAnalytics(market_name: "csfloat", game_id: 440) { market_hash_name listings { min_sell_order_price } } }',
    );
    await same(
      p,
      '{ getPriceRecommendations(game_id: 252490, type: p2p) { market_hash_name unstable_reasons price_difference liquidity_score } }',
    );
  });
});

describe('ByteWriter', () => {
  const render = (fn: (w: ByteWriter) => void, chunk = 64): string => {
    const sink = new MemorySink();
    const w = new ByteWriter(sink, chunk);
    fn(w);
    w.flush();
    return sink.toBuffer().toString('utf8');
  };

  it('writes numbers exactly as JSON.stringify', () => {
    const rnd = mulberry32(7);
    const nums = [
      0,
      -0,
      1,
      9,
      10,
      99,
      100,
      2147483647,
      -2147483648,
      2147483648,
      1e21,
      0.1,
      -1.5,
      1e-7,
      123.456,
      Number.MAX_SAFE_INTEGER,
      NaN,
      Infinity,
    ];
    for (let i = 0; i < 500; i++)
      nums.push(Math.floor((rnd() - 0.5) * 2 ** (rnd() * 40)), (rnd() - 0.5) * 10 ** Math.floor(rnd() * 12));
    for (const n of nums)
      expect(
        render((w) => w.number(n)),
        String(n),
      ).toBe(JSON.stringify(n));
    for (const n of nums.filter((x) => Number.isInteger(x) && Math.abs(x) <= 2 ** 31 && !Object.is(x, -0))) {
      expect(render((w) => w.int(n))).toBe(String(n));
    }
  });

  it('escapes strings exactly as JSON.stringify (quotes, control characters, surrogates, non-ASCII) across chunk borders', () => {
    const rnd = mulberry32(12);
    const alphabet = [
      'a',
      'Z',
      ' ',
      '"',
      '\\',
      '/',
      '\n',
      '\u0000',
      '\u001f',
      '\u007f',
      'é',
      '™',
      '★',
      '\u2028',
      '😀',
      '\ud800',
      '\udc00',
      '|',
    ];
    for (let i = 0; i < 500; i++) {
      const s = Array.from(
        { length: Math.floor(rnd() * 90) },
        () => alphabet[Math.floor(rnd() * alphabet.length)],
      ).join('');
      const pad = 'x'.repeat(Math.floor(rnd() * 60));
      const out = render((w) => {
        w.ascii(pad);
        w.string(s);
      });
      expect(out).toBe(pad + JSON.stringify(s));
    }
  });

  it('packs names once per names array, as JSON literals', () => {
    const names = ['a', 'StatTrak™ "x"', '★'];
    const p = packNames(names);
    expect(packNames(names)).toBe(p);
    const dec = new TextDecoder();
    for (let i = 0; i < names.length; i++) {
      expect(dec.decode(p.bytes.subarray(p.offsets[i], p.offsets[i + 1]))).toBe(JSON.stringify(names[i]));
    }
  });
});

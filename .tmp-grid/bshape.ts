import { shapeAsks, mergeGrid } from '/work/main/renderer/features/grid/model/shape';
import { z } from '/work/main/node_modules/zod/index.js';
import { AggregatedMinPrices } from '/work/main/shared/api/types';
const markets = Array.from({ length: 36 }, (_, i) => `market${i}`);
const items = [];
for (let i = 0; i < 37000; i++) {
  const prices = [];
  for (const m of markets) if (Math.random() < 0.8) prices.push({ market_name: m, offers: (Math.random() * 500) | 0, price: (Math.random() * 1e6) | 0, price_locked: Math.random() < 0.3 ? null : (Math.random() * 1e6) | 0 });
  items.push({ market_hash_name: `StatTrak™ AK-47 | Redline ${i} (Field-Tested)`, prices });
}
const text = JSON.stringify(items);
for (let r = 0; r < 3; r++) {
  let t = performance.now(); const json = JSON.parse(text); const P = performance.now() - t;
  t = performance.now(); const part = shapeAsks(json, markets, 'x'); const S = performance.now() - t;
  t = performance.now(); const g = mergeGrid(part, null, { game: 730, askMarkets: markets, bidMarkets: [], meta: { transport: 'rest', bytes: 0, bytesDoneAt: 0, parseMs: 0, shapeMs: 0, readyAt: 0 } }); const M = performance.now() - t;
  t = performance.now(); z.array(AggregatedMinPrices).parse(json); const Z = performance.now() - t;
  console.log({ P: P.toFixed(0), shape: S.toFixed(0), merge: M.toFixed(0), zod: Z.toFixed(0), n: g.n });
}

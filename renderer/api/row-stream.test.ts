import { describe, expect, it } from 'vitest';
import { NotJson, RowStream } from './row-stream';

/** Feeds text in pieces of `size` (every split point when size is 1), returns the rows seen and the end. */
function run(text: string, size: number, field = 'getSteamAnalytics') {
  const rows: unknown[] = [];
  let batches = 0;
  const s = new RowStream(field, (r) => {
    batches++;
    rows.push(...r);
  });
  for (let i = 0; i < text.length; i += size) s.push(text.slice(i, i + size));
  return { rows, batches, end: s.end() };
}

const tricky = [
  { market_hash_name: 'Sticker | {braces} [brackets]', n: 1 },
  { market_hash_name: 'Quote " and \\ backslash \\\\', nested: { a: [1, { b: '}' }], c: '\\"' } },
  { market_hash_name: '★ Karambit | Fade (Factory New) – “unicode”', list: [] },
  null,
  { market_hash_name: 'ends with backslash \\' },
  // "},{" that is not between rows: in a string, in a nested array.
  { market_hash_name: 'a },{"market_hash_name":"b" in a name', nested: [{ a: 1 }, { b: '},{' }] },
  { market_hash_name: 'last' },
];

describe('row stream', () => {
  it('cuts the rows array out as it arrives, at any split point, exactly as one parse reads it', () => {
    const doc = { data: { getSteamAnalytics: tricky } };
    const text = JSON.stringify(doc);
    for (const size of [1, 2, 3, 7, 64, text.length]) {
      const { rows, end } = run(text, size);
      expect(rows, `chunks of ${size}`).toEqual(tricky);
      expect(end).toEqual({ streamed: true, value: { data: { getSteamAnalytics: [] } }, chars: text.length });
    }
    // Pretty-printed, with errors after the data: still streamed, errors kept.
    const pretty = JSON.stringify({ data: { getSteamAnalytics: tricky }, errors: [{ message: 'partial' }] }, null, 2);
    const p = run(pretty, 5);
    expect(p.rows).toEqual(tricky);
    expect(p.end.value).toEqual({ data: { getSteamAnalytics: [] }, errors: [{ message: 'partial' }] });
  });

  it('hands rows on in batches while the answer is still coming, cut fast or scanned', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ market_hash_name: `item ${i}`, v: i }));
    const { rows, batches } = run(JSON.stringify({ data: { getSteamAnalytics: many } }), 500);
    expect(rows).toEqual(many);
    expect(batches).toBeGreaterThan(10);
    // A false "},{" early on: the rest is scanned exactly, still in batches.
    const odd = [{ market_hash_name: 'x', nested: [{ a: 1 }, { b: 2 }] }, ...many];
    const scanned = run(JSON.stringify({ data: { getSteamAnalytics: odd } }), 500);
    expect(scanned.rows).toEqual(odd);
    expect(scanned.batches).toBeGreaterThan(10);
  });

  it('cuts a second rows array out too, when the answer names it right after the first (the bids)', () => {
    const asks = tricky.slice(0, 4);
    const bids = tricky.slice(3);
    const feed = (text: string, size: number) => {
      const first: unknown[] = [];
      const second: unknown[] = [];
      const s = new RowStream('aggregatedMinPrices', (r) => first.push(...r), {
        field: 'aggregatedMaxOrders',
        onRows: (r) => second.push(...r),
      });
      for (let i = 0; i < text.length; i += size) s.push(text.slice(i, i + size));
      return { first, second, end: s.end() };
    };
    const doc = { data: { aggregatedMinPrices: asks, aggregatedMaxOrders: bids } };
    const text = JSON.stringify(doc, null, 1);
    for (const size of [1, 3, 64, text.length]) {
      const { first, second, end } = feed(text, size);
      expect(first, `chunks of ${size}`).toEqual(asks);
      expect(second, `chunks of ${size}`).toEqual(bids);
      expect(end.value).toEqual({ data: { aggregatedMinPrices: [], aggregatedMaxOrders: [] } });
    }
    // The second array empty, or another field after the first: read at the end as before.
    expect(feed(JSON.stringify({ data: { aggregatedMinPrices: asks, aggregatedMaxOrders: [] } }), 5)).toMatchObject({
      second: [],
      end: { streamed: true, value: { data: { aggregatedMinPrices: [], aggregatedMaxOrders: [] } } },
    });
    const other = { data: { aggregatedMinPrices: asks, somethingElse: bids } };
    expect(feed(JSON.stringify(other), 7)).toMatchObject({
      first: asks,
      second: [],
      end: { streamed: true, value: { data: { aggregatedMinPrices: [], somethingElse: bids } } },
    });
    // Malformed in the second array: fails as one parse would.
    for (const bad of ['[{"a":1},]', '[{"a":1}{"a":2}]', '[{"a":1}'])
      expect(() => feed(`{"data":{"aggregatedMinPrices":[{"a":1}],"aggregatedMaxOrders":${bad}}}`, 4)).toThrow(NotJson);
  });

  it('an empty list, and another shape, are read whole at the end', () => {
    expect(run('{"data":{"getSteamAnalytics":[]}}', 4)).toMatchObject({
      rows: [],
      end: { streamed: true, value: { data: { getSteamAnalytics: [] } } },
    });
    const errorsFirst = JSON.stringify({ errors: [{ message: 'no' }], data: { getSteamAnalytics: tricky } });
    expect(run(errorsFirst, 3)).toMatchObject({ rows: [], end: { streamed: false, value: JSON.parse(errorsFirst) } });
    expect(run('{"data":null}', 2).end).toEqual({ streamed: false, value: { data: null }, chars: 13 });
    expect(run('{"data":{"getMarketOrderAnalytics":[1]}}', 100).end.streamed).toBe(false);
  });

  it('malformed answers fail as one parse would', () => {
    const bad = [
      '{"data":{"getSteamAnalytics":[{"a":1},]}}', // trailing comma
      '{"data":{"getSteamAnalytics":[,{"a":1}]}}',
      '{"data":{"getSteamAnalytics":[{"a":1}{"a":2}]}}', // no comma
      '{"data":{"getSteamAnalytics":[{"a":1},{"a":2}', // cut short
      '{"data":{"getSteamAnalytics":[{"a":1}]}', // the document does not close
      '{"data":{"getSteamAnalytics":[{"a":1}]}}}',
      '{"data":{"getSteamAnalytics":[{"a":tru}]}}',
      '{"data":{"getSteamAnalytics":[{"a":1}}]}}',
      '<html>gateway timeout</html>',
    ];
    for (const text of bad) {
      expect(() => JSON.parse(text), text).toThrow();
      for (const size of [1, 5, text.length]) expect(() => run(text, size), `${text} in ${size}s`).toThrow(NotJson);
    }
  });
});

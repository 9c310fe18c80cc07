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

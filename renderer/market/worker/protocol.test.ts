import { errorFromHttp } from '../../api/errors';
import { describe, expect, it } from 'vitest';
import { computeDerived, derivedKey } from '../model/price-arithmetic';
import { ask, order, snapshotOf } from '../model/test-helpers';
import type { SnapshotData } from '../model/snapshot';
import { checkResponse, isSnapshotData } from './protocol';
import { packStrings } from './packed-strings';

function columns(): SnapshotData {
  const s = snapshotOf(
    [
      { market_hash_name: 'a', prices: [ask('steam', 5)] },
      { market_hash_name: 'b', prices: [] },
    ],
    [{ market_hash_name: 'a', orders: [order('steam', 4)] }],
    ['steam', 'buff163'],
    ['steam'],
  );
  const { big: _big, askIndex: _a, bidIndex: _b, indexOfName: _i, ...plain } = s;
  return plain;
}

describe('isSnapshotData: what crosses from the worker is checked', () => {
  it('accepts a well-formed result, with or without derived figures', () => {
    const c = columns();
    expect(isSnapshotData(c)).toBe(true);
    const s = snapshotOf(
      [
        { market_hash_name: 'a', prices: [ask('steam', 5)] },
        { market_hash_name: 'b', prices: [] },
      ],
      [{ market_hash_name: 'a', orders: [order('steam', 4)] }],
      ['steam', 'buff163'],
      ['steam'],
    );
    const d = computeDerived({ snap: s, askCols: [0, 1], bidCols: [0], fees: {}, net: false });
    expect(isSnapshotData({ ...c, derived: { key: derivedKey(s, [0, 1], [0], {}, false), data: d } })).toBe(true);
  });
  it.each([
    ['a wrong array type', (c: SnapshotData) => ({ ...c, ask: new Float64Array(c.ask.length) })],
    ['a wrong length', (c: SnapshotData) => ({ ...c, locked: new Int32Array(1) })],
    ['a name that is not text', (c: SnapshotData) => ({ ...c, names: ['a', 7] })],
    ['names of the wrong count', (c: SnapshotData) => ({ ...c, names: ['a'] })],
    ['a broken name order', (c: SnapshotData) => ({ ...c, byName: Int32Array.from([0, 0]) })],
    ['an out-of-range rank', (c: SnapshotData) => ({ ...c, byName: Int32Array.from([0, 5]) })],
    ['a bad overflow entry', (c: SnapshotData) => ({ ...c, overflow: [['nope', 1, 2]] })],
    ['missing notes', (c: SnapshotData) => ({ ...c, notes: undefined })],
    ['derived of the wrong size', (c: SnapshotData) => ({ ...c, derived: { key: 'k', data: { n: 1 } } })],
  ])('rejects %s', (_what, spoil) => {
    expect(isSnapshotData(spoil(columns()))).toBe(false);
  });
});

describe('checkResponse', () => {
  it('accepts progress, errors and results of the right shape only', () => {
    expect(checkResponse({ type: 'progress', id: 1, bytes: 10, total: null, phase: 'download' })).not.toBeNull();
    expect(checkResponse({ type: 'progress', id: 1, bytes: '10', total: null, phase: 'download' })).toBeNull();
    const made = errorFromHttp(500, '');
    // The worker's ApiError is passed on as it came, not rebuilt.
    expect(checkResponse({ type: 'error', id: 1, error: made })).toEqual({ type: 'error', id: 1, error: made });
    expect(checkResponse({ type: 'error', id: 1, error: { ...made, kind: 'boom' } })).toBeNull();
    expect(checkResponse({ type: 'error', id: 1, error: { kind: 'boom' } })).toBeNull();
    const two = packStrings(['a', 'b']);
    expect(checkResponse({ type: 'result', id: 1, data: { n: 2, names: two, search: two } })).not.toBeNull();
    expect(checkResponse({ type: 'result', id: 1, data: { n: 3, names: two, search: two } })).toBeNull();
    expect(checkResponse({ type: 'result', id: 1, data: { n: 2, names: ['a', 'b'], search: two } })).toBeNull();
    expect(checkResponse({ type: 'result', id: 1, data: { names: 3 } })).toBeNull();
    // A list's names; its search text comes in a message of its own.
    expect(checkResponse({ type: 'recs', id: 1, data: { n: 2, names: two } })).not.toBeNull();
    expect(
      checkResponse({
        type: 'recs',
        id: 1,
        data: { n: 2, names: { codes: new Uint16Array(1), ends: new Uint32Array([0, 2]) } },
      }),
    ).toBeNull();
    expect(checkResponse({ type: 'lookup', id: 1, row: null })).toEqual({ type: 'lookup', id: 1, row: null });
    expect(checkResponse({ type: 'lookup', id: 1, row: { market_hash_name: 'a' } })).not.toBeNull();
    expect(checkResponse({ type: 'lookup', id: 1, row: 'a' })).toBeNull();
    expect(checkResponse({ type: 'lookup', id: 1 })).toBeNull();
    expect(checkResponse({ type: 'nope', id: 1 })).toBeNull();
    expect(checkResponse(null)).toBeNull();
  });
});

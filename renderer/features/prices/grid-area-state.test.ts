import { describe, expect, it } from 'vitest';
import { gridAreaState, type GridAreaInput } from './grid-area-state';

const base: GridAreaInput = {
  askMarkets: 3,
  refusedAsk: 0,
  checkingMarkets: false,
  ready: true,
  hasSnapshot: true,
  error: null,
  discoveryPending: false,
  waiting: null,
};
const down = { state: 'unreachable' } as unknown as NonNullable<GridAreaInput['waiting']>;

describe('gridAreaState', () => {
  it('shows the grid when the data and its figures are here', () => {
    expect(gridAreaState(base).kind).toBe('grid');
  });
  it('says every market was refused, unless discovery is still checking', () => {
    expect(gridAreaState({ ...base, askMarkets: 0, refusedAsk: 2 }).kind).toBe('all-refused');
    const loading = { ...base, hasSnapshot: false, ready: false };
    expect(gridAreaState({ ...loading, askMarkets: 0, refusedAsk: 2, checkingMarkets: true }).kind).toBe(
      'checking-markets',
    );
  });
  it('says no market is chosen when none is and none was refused', () => {
    expect(gridAreaState({ ...base, askMarkets: 0 }).kind).toBe('no-markets');
  });
  it('a refused name with discovery not settled is checking, not an error', () => {
    const input = { ...base, hasSnapshot: false, ready: false, error: { kind: 'bad-request' } };
    expect(gridAreaState({ ...input, discoveryPending: true }).kind).toBe('checking-markets');
    expect(gridAreaState(input).kind).toBe('error');
    expect(gridAreaState({ ...input, error: { kind: 'network' }, discoveryPending: true }).kind).toBe('error');
  });
  it('an error with data already shown keeps the grid (the banner says it)', () => {
    expect(gridAreaState({ ...base, error: { kind: 'network' } }).kind).toBe('grid');
  });
  it('waits on a down connection rather than loading, and loads otherwise', () => {
    const none = { ...base, hasSnapshot: false, ready: false };
    expect(gridAreaState({ ...none, waiting: down })).toEqual({ kind: 'waiting', status: down });
    expect(gridAreaState(none).kind).toBe('loading');
    expect(gridAreaState({ ...base, ready: false }).kind).toBe('loading');
  });
});

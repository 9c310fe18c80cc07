import { describe, expect, it } from 'vitest';
import { chartState, pickSource, safeHost, sourceNameOf, type StateInput } from './analytics-page';

const none = new Set<string>();

describe('the Analytics page source', () => {
  it('shows the marketplace asked for when offered, Steam by default on a Steam game', () => {
    expect(pickSource('buff163', ['buff163', 'csfloat'], none, true)).toEqual({ kind: 'market', market: 'buff163' });
    expect(pickSource('steam', ['buff163'], none, true)).toEqual({ kind: 'steam' });
  });

  it('a refused marketplace gives way to another marketplace, not to Steam', () => {
    expect(pickSource('buff163', ['csfloat'], new Set(['buff163']), true)).toEqual({
      kind: 'market',
      market: 'csfloat',
    });
  });

  it('a game without Steam analytics shows the first offered marketplace, or nothing when none is offered', () => {
    expect(pickSource('steam', ['csfloat'], none, false)).toEqual({ kind: 'market', market: 'csfloat' });
    expect(pickSource('steam', [], none, false)).toBeNull();
    expect(sourceNameOf(null)).toBe('no marketplace');
    expect(sourceNameOf({ kind: 'steam' })).toBe('Steam');
  });
});

describe('the Analytics page chart state', () => {
  const base: StateInput = {
    game: 730,
    source: { kind: 'steam' },
    sourceName: 'Steam',
    checking: false,
    all: ['buff163'],
    error: null,
    mainRefused: null,
    loaded: true,
    readingItems: false,
    onRetry: () => {},
  };

  it('ready once loaded and the items are read; loading while the catalog or the items come', () => {
    expect(chartState(base)).toEqual({ status: 'ready' });
    expect(chartState({ ...base, readingItems: true })).toEqual({ status: 'loading', message: 'Reading the item…' });
    expect(chartState({ ...base, loaded: false }).status).toBe('loading');
  });

  it('no source: checking, then an error naming every refused marketplace', () => {
    expect(chartState({ ...base, source: null, checking: true }).status).toBe('loading');
    const s = chartState({ ...base, source: null });
    expect(s.status).toBe('error');
    expect(s.status === 'error' && s.message).toMatch(
      /^This service offers no marketplace order analytics for .+ \(it refused /,
    );
  });

  it('a failure shows the error with a retry, unless it was a refusal and the others are being checked', () => {
    const error = { message: 'The service failed.', detail: '' };
    const s = chartState({ ...base, error });
    expect(s).toEqual({ status: 'error', message: 'The service failed.', onRetry: base.onRetry });
    expect(chartState({ ...base, error, mainRefused: 'buff163', checking: true })).toEqual({
      status: 'loading',
      message: 'The service refused Steam: checking the other marketplaces…',
    });
  });

  it('the host of the service address, or the address as it is when it does not parse', () => {
    expect(safeHost('https://api.example.com:8443/x')).toBe('api.example.com:8443');
    expect(safeHost('not a url')).toBe('not a url');
  });
});

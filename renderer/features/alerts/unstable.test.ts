import { QueryClient } from '@tanstack/react-query';
import { CombinedError, type Client } from 'urql';
import { describe, expect, it } from 'vitest';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import { shapeRecs } from '../../market/recommendations/rec-reader';
import { createUnstableLookup, reasonsFromColumns } from './unstable';

/** A list as the worker reads it from the service's rows. */
function recs(game: number): RecColumns {
  const row = (name: string, reasons: unknown) => ({
    market_hash_name: name,
    suggested_price: 1000,
    unstable_reasons: reasons,
    total_sales: 1,
    price_difference: 0,
    price_change_percentage: 0,
    liquidity_score: 5000,
  });
  const rows = [
    row('Stable item', []),
    row('Thin item', ['NO_ORDERS', 'NOT_POPULAR']),
    row('Odd item', ['NEW_CODE']),
    row('Unreadable item', 'n/a'),
  ];
  const cols = shapeRecs(
    rows,
    { game, type: 'general', markets: null },
    { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 },
  );
  if (!cols) throw new Error('rows are a list');
  return cols;
}

/** A urql client whose every query answers `answer` (or fails), counting the calls. */
function fakeClient(answer: { row: unknown } | Error) {
  let calls = 0;
  const client = {
    query: () => ({
      subscribe(cb: (r: unknown) => void) {
        calls++;
        // As urql delivers a failure: a CombinedError around it.
        queueMicrotask(() =>
          cb(answer instanceof Error ? { error: new CombinedError({ networkError: answer }) } : { data: answer }),
        );
        return { unsubscribe() {} };
      },
    }),
  } as unknown as Client;
  return { client, calls: () => calls };
}

describe('unstable reasons', () => {
  it('reads a loaded recommendations list: codes in the spec order, unknown codes as they came', () => {
    const r = recs(730);
    expect(reasonsFromColumns(r, 'Stable item')).toEqual([]);
    expect(reasonsFromColumns(r, 'Thin item')).toEqual(['NOT_POPULAR', 'NO_ORDERS']);
    expect(reasonsFromColumns(r, 'Odd item')).toEqual(['NEW_CODE']);
    expect(reasonsFromColumns(r, 'Unreadable item')).toBeNull();
    expect(reasonsFromColumns(r, 'Not there')).toBeNull();
  });

  it('uses the Recommendations page’s loaded list first, of the same source and game, else the item look-up', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['recommendations', 'demo', 730, 'general', ''], recs(730));
    const { client, calls } = fakeClient({ row: { unstable_reasons: ['BOOST_RISK'] } });
    const lookup = createUnstableLookup({ queryClient, client, source: 'demo' });
    expect(await lookup(730, 'Thin item')).toEqual(['NOT_POPULAR', 'NO_ORDERS']);
    expect(calls()).toBe(0);
    // Not in the loaded list (or another game): the one-item look-up.
    expect(await lookup(730, 'Elsewhere')).toEqual(['BOOST_RISK']);
    expect(await lookup(440, 'Thin item')).toEqual(['BOOST_RISK']);
    expect(calls()).toBe(2);
    // Another data source's list is never used.
    const other = createUnstableLookup({ queryClient, client, source: 'live|https://x.example' });
    expect(await other(730, 'Thin item')).toEqual(['BOOST_RISK']);
  });

  it('unknown (null) when the item has no entry or the look-up fails', async () => {
    const queryClient = new QueryClient();
    expect(
      await createUnstableLookup({ queryClient, client: fakeClient({ row: null }).client, source: 'demo' })(730, 'x'),
    ).toBeNull();
    expect(
      await createUnstableLookup({ queryClient, client: fakeClient(new Error('HTTP 500')).client, source: 'demo' })(
        730,
        'x',
      ),
    ).toBeNull();
    expect(
      await createUnstableLookup({ queryClient, client: fakeClient({ row: null }).client, source: 'demo' })(999, 'x'),
    ).toBeNull();
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { holdingColumns } from './holding-columns';
import { HoldingsTable, type RowActions } from './HoldingsTable';
import type { PortfolioColumn } from './model/columns';
import { buildLedger, holdingRows } from './model/ledger';
import type { Holding, HoldingRow } from './model/types';

const money = { decimals: 2, symbol: '$' } as const;
const noop: RowActions = {
  edit: () => undefined,
  split: () => undefined,
  sell: () => undefined,
  remove: () => undefined,
};

function holdings(n: number): Holding[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `h${i}`,
    game: 730,
    name: `Item ${i}`,
    quantity: 1 + (i % 3),
    unitCost: i % 2 ? 1_000 : null,
    fee: null,
    acquired: '2026-01-01',
    place: null,
    lockedUntil: null,
    note: '',
    origin: 'manual',
    created: i,
    updated: i,
  }));
}

type Valued = HoldingRow & { value: number | null };
const valueColumn: PortfolioColumn<Valued> = {
  id: 'value',
  label: 'Value',
  title: 'a test figure',
  align: 'end',
  sortValue: (r) => r.value,
  text: (r) => (r.value === null ? '—' : String(r.value)),
};

describe('HoldingsTable', () => {
  it('draws only the rows in sight of 5,000, with the ledger’s columns and the valuation’s after them', () => {
    const hs = holdings(5_000);
    const rows: Valued[] = holdingRows(buildLedger(hs, []), hs, (n) => n !== 'Item 1').map((r, i) => ({
      ...r,
      value: i === 0 ? 42 : null,
    }));
    const columns = [...holdingColumns({ money, marketName: (s) => s, now: 0 }), valueColumn];
    const html = renderToStaticMarkup(
      <HoldingsTable
        rows={rows}
        columns={columns}
        sort={{ column: 'value', dir: 'desc' }}
        onSort={() => undefined}
        actions={noop}
        label="CS2 holdings"
      />,
    );
    expect(html).toContain('aria-rowcount="5001"');
    const drawn = html.match(/data-testid="pf-holding-row"/g)?.length ?? 0;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);
    const headers = [...html.matchAll(/role="columnheader" aria-sort="(\w+)"[^>]*><button[^>]*>([^<]+)/g)].map((m) => [
      m[2],
      m[1],
    ]);
    expect(headers).toEqual([
      ['Item', 'none'],
      ['Qty', 'none'],
      ['Unit cost', 'none'],
      ['Cost basis', 'none'],
      ['Acquired', 'none'],
      ['Bought at', 'none'],
      ['Locked until', 'none'],
      ['Note', 'none'],
      ['Value', 'descending'],
    ]);
    // Row 0: a value; row 1: no value ("—", never 0), an unknown cost, and a name the catalog lacks, marked.
    expect(html).toMatch(/data-holding-id="h0"[\s\S]*?data-col="value"[^>]*>42</);
    expect(html).toMatch(
      /data-holding-id="h1"[\s\S]*?not in catalog[\s\S]*?data-testid="pf-unit-cost">\$1\.00[\s\S]*?data-col="value"[^>]*>—</,
    );
    expect(html).toMatch(/data-holding-id="h0"[\s\S]*?data-testid="pf-cost-basis">—</);
  });
});

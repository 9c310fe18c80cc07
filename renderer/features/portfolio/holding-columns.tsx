/**
 * The ledger's columns of the holdings table (model/columns.ts PortfolioColumn): what was bought, how many
 * are left after the sales, at what cost. The valuation's columns come after these (a prop of the table).
 */
import type { MoneyFormat } from '../../../shared/money/money';
import { formatMoney, MISSING } from '../../../shared/money/money';
import type { PortfolioColumn } from './model/columns';
import { placeText } from './model/export-csv';
import type { HoldingRow } from './model/types';
import { currencySymbol } from '../../market/currency/currencies';

/** A cost as entered, in its own currency (unconverted): the cost basis is what converts (model/cost-currency.ts). */
function enteredCost(v: number | null, currency: string | null | undefined, money: MoneyFormat): string {
  if (!currency || currency === money.conversion?.from) return formatMoney(v, { ...money, conversion: null });
  const symbol = currencySymbol(currency);
  return formatMoney(v, {
    decimals: money.decimals,
    symbol: /[A-Za-z]$/.test(symbol) ? `${symbol} ` : symbol,
    conversion: null,
  });
}

export interface ColumnContext {
  money: MoneyFormat;
  marketName(slug: string): string;
  now: number;
}

function lockText(lockedUntil: number | null, now: number): string {
  if (lockedUntil === null || lockedUntil <= now) return MISSING;
  const days = Math.ceil((lockedUntil - now) / 86_400_000);
  return `${new Date(lockedUntil).toLocaleDateString()} (${days} d)`;
}

/** Items left, and of how many bought when some were sold. */
function qtyText(r: HoldingRow): string {
  return r.remaining === r.holding.quantity ? String(r.remaining) : `${r.remaining} of ${r.holding.quantity}`;
}

/** The item's name, tagged when the catalog does not know it and while it is trade-locked. */
function HoldingName({ row: r, now }: { row: HoldingRow; now: number }) {
  return (
    <span className="pf-name">
      <span className="pf-name__text" title={r.holding.name}>
        {r.holding.name}
      </span>
      {r.known ? null : (
        <span
          className="pf-tag pf-tag--warn"
          title="The catalog of this game does not know this name: it has no prices"
        >
          not in catalog
        </span>
      )}
      {r.holding.lockedUntil !== null && r.holding.lockedUntil > now ? (
        <span className="pf-tag" title={`Trade-locked until ${new Date(r.holding.lockedUntil).toLocaleString()}`}>
          locked
        </span>
      ) : null}
    </span>
  );
}

export function holdingColumns({ money, marketName, now }: ColumnContext): PortfolioColumn<HoldingRow>[] {
  const names = { marketName };
  return [
    {
      id: 'name',
      label: 'Item',
      title: 'The item (market hash name); “not in catalog” marks a name the catalog does not know',
      align: 'start',
      sortValue: (r) => r.holding.name.toLowerCase(),
      text: (r) => (r.known ? r.holding.name : `${r.holding.name} (not in catalog)`),
      render: (r) => <HoldingName row={r} now={now} />,
    },
    {
      id: 'quantity',
      label: 'Qty',
      title: 'Items of this lot not sold yet (of the items bought, when some were sold)',
      align: 'end',
      sortValue: (r) => r.remaining,
      text: qtyText,
      render: (r) => <span data-testid="pf-qty">{qtyText(r)}</span>,
    },
    {
      id: 'unitCost',
      label: 'Unit cost',
      title: 'What one item cost, before the fee, as entered (in the currency it was paid in)',
      align: 'end',
      sortValue: (r) => r.holding.unitCost,
      text: (r) => enteredCost(r.holding.unitCost, r.holding.costCurrency, money),
      render: (r) => (
        <span data-testid="pf-unit-cost" data-currency={r.holding.costCurrency ?? undefined}>
          {enteredCost(r.holding.unitCost, r.holding.costCurrency, money)}
        </span>
      ),
    },
    {
      id: 'costBasis',
      label: 'Cost basis',
      title:
        'What the items not sold yet cost: unit cost × items left + their share of the fee paid; a cost in another currency converted at the rate of its purchase date',
      align: 'end',
      sortValue: (r) => r.costBasis,
      text: (r) => formatMoney(r.costBasis, money),
      render: (r) => <span data-testid="pf-cost-basis">{formatMoney(r.costBasis, money)}</span>,
    },
    {
      id: 'acquired',
      label: 'Acquired',
      title: 'The day the lot was bought',
      align: 'start',
      sortValue: (r) => r.holding.acquired,
      text: (r) => r.holding.acquired ?? MISSING,
    },
    {
      id: 'place',
      label: 'Bought at',
      title: 'Where the lot was bought: a market, or your own words',
      align: 'start',
      sortValue: (r) => placeText(r.holding.place, names).toLowerCase() || null,
      text: (r) => placeText(r.holding.place, names) || MISSING,
    },
    {
      id: 'locked',
      label: 'Locked until',
      title: 'Trade-locked until this day (days left); “—” when tradable',
      align: 'start',
      sortValue: (r) => (r.holding.lockedUntil !== null && r.holding.lockedUntil > now ? r.holding.lockedUntil : null),
      text: (r) => lockText(r.holding.lockedUntil, now),
    },
    {
      id: 'note',
      label: 'Note',
      title: 'Your note',
      align: 'start',
      sortValue: (r) => r.holding.note.toLowerCase() || null,
      text: (r) => r.holding.note || MISSING,
    },
  ];
}

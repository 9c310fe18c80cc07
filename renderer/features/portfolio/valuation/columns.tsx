/**
 * The valuation's columns of the holdings table (model/columns.ts PortfolioColumn): one entry per figure,
 * each header's `title` saying what it means. Values are the holding's (unit x remaining); a missing value
 * is "—" with the reason in the cell's title (no price, fee unknown), never 0.
 */
import type { ReactNode } from 'react';
import {
  formatMoney,
  formatMoneyExact,
  formatPercent,
  MISSING,
  type MoneyFormat,
} from '../../../../shared/money/money';
import { signedMoney, signedPercent } from '../../../lib/number-format';
import { reasonText } from '../../../market/recommendations/reasons';
import type { PortfolioColumn } from '../model/columns';
import type { HoldingRow } from '../model/types';
import {
  CASH_WINDOW_DAYS,
  DEFAULT_SELL_SHARE,
  THIN_DAILY_VOLUME,
  type HoldingValue,
  type MeasureId,
  type MeasureValue,
} from './measures';

/** A holdings table row with its valuation (null until the prices are loaded). */
export type ValuedRow = HoldingRow & { value: HoldingValue | null };

export interface ValuationColumnsOptions {
  money: MoneyFormat;
  net: boolean;
  nameOf(slug: string): string;
  sellShare?: number;
}

/** What each measure means, for headers, the summary and the CSV. */
export function measureInfo(net: boolean): Record<MeasureId, { label: string; title: string }> {
  const fee = net
    ? ", less that market's seller fee (Steam's own fee function on Steam)"
    : ' (before fees: "Net of fees" is off)';
  return {
    sellNow: {
      label: 'Sell now',
      title: `What the remaining items fetch at once: the best buy order across your bid markets${fee}, times the quantity.`,
    },
    listLowest: {
      label: 'List at lowest',
      title: `Listing at the lowest ask across your markets${fee}, times the quantity. Trade-locked items use a market's locked price where it prices them apart.`,
    },
    replace: {
      label: 'Replace',
      title: `What buying the items again costs: the lowest ask${net ? " plus that market's buyer fee" : ' (before fees)'}, times the quantity.`,
    },
    suggested: {
      label: 'Suggested',
      title:
        "The service's suggested price (price recommendations, not tied to a market, so no fee), times the quantity; its unstable reasons beside it.",
    },
    steamMedian: {
      label: 'Steam median',
      title: `The median of Steam's most recent sales (Steam analytics: latest_median_price_sold)${net ? ", less Steam's seller fee" : ''}, times the quantity.`,
    },
    mark: {
      label: 'Mark',
      title: `One robust price per item when the markets disagree: the Prices page's mark, a depth-weighted median of the asks at least the best bid, from the quotes its best ask uses (by default trusted only: stalled markets and outlying quotes left out)${net ? ', net of fees' : ' (before fees)'}, times the quantity. "—" while no trusted quote is known.`,
    },
  };
}

function missingWhy(m: MeasureValue, value: HoldingValue | null, id?: MeasureId): string {
  if (!value) return 'Prices not loaded yet.';
  if (value.item < 0) return 'The price list has no such item.';
  if (id === 'mark')
    return 'No mark: no trusted quote on your markets (stalled markets and outlying quotes are left out), or too few refreshes yet.';
  if (m.unknownFee > 0)
    return `No value: the fee of ${m.unknownFee === 1 ? 'the market' : `${m.unknownFee} markets`} with a price is unknown (set it in Markets & fees).`;
  return 'No price on your markets.';
}

function moneyCell(
  m: MeasureValue | undefined,
  value: HoldingValue | null,
  opts: ValuationColumnsOptions,
  extra?: ReactNode,
  id?: MeasureId,
): ReactNode {
  if (!m || m.total === null)
    return (
      <span className="pf-missing" title={m ? missingWhy(m, value, id) : 'Prices not loaded yet.'}>
        {MISSING}
      </span>
    );
  const at = m.market ? ` on ${opts.nameOf(m.market)}` : '';
  const unknown =
    m.unknownFee > 0 ? `; ${m.unknownFee} market${m.unknownFee === 1 ? '' : 's'} with an unknown fee left out` : '';
  return (
    <span title={`${formatMoneyExact(m.unit, opts.money)} each${at}${unknown}`}>
      {formatMoney(m.total, opts.money)}
      {m.market ? <span className="pf-sub"> {opts.nameOf(m.market)}</span> : null}
      {extra}
    </span>
  );
}

function measureColumn(id: MeasureId, opts: ValuationColumnsOptions): PortfolioColumn<ValuedRow> {
  const info = measureInfo(opts.net)[id];
  return {
    id: `value.${id}`,
    label: info.label,
    title: info.title,
    align: 'end',
    minWidth: id === 'suggested' ? 170 : 150,
    sortValue: (r) => r.value?.measures[id].total ?? null,
    text: (r) => formatMoney(r.value?.measures[id].total ?? null, opts.money),
    render: (r) => {
      const v = r.value;
      if (id === 'suggested' && v && v.reasons.length > 0) {
        const words = v.reasons.map(reasonText).join(', ');
        return moneyCell(
          v.measures[id],
          v,
          opts,
          <span className="pf-warn" title={`Unstable: ${words}`}>
            {' '}
            ⚠ {words}
          </span>,
        );
      }
      if (id === 'listLowest' && v && v.lockedDays !== null) {
        return moneyCell(
          v.measures[id],
          v,
          opts,
          <span
            className="pf-sub"
            title={
              v.lockedPrice ? 'Valued at the locked price' : 'No market prices locked items apart: valued as tradable'
            }
          >
            {' '}
            {v.lockedPrice ? 'locked price' : 'tradable price'}
          </span>,
        );
      }
      return moneyCell(v?.measures[id], v, opts, undefined, id);
    },
  };
}

function plColumn(id: MeasureId, kind: 'money' | 'percent', opts: ValuationColumnsOptions): PortfolioColumn<ValuedRow> {
  const label = measureInfo(opts.net)[id].label;
  return {
    id: `pl.${id}.${kind}`,
    label: kind === 'money' ? `P/L (${label.toLowerCase()})` : `P/L % (${label.toLowerCase()})`,
    title:
      kind === 'money'
        ? `Unrealised profit or loss: the ${label.toLowerCase()} value minus the cost basis of the remaining items (unit cost and that share of the fee). "—" without a value or a cost.`
        : `The unrealised profit or loss in percent of the cost basis. "—" without a value or a cost.`,
    align: 'end',
    sortValue: (r) => (kind === 'money' ? (r.value?.pl[id].money ?? null) : (r.value?.pl[id].percent ?? null)),
    text: (r) =>
      kind === 'money'
        ? signedMoney(r.value?.pl[id].money ?? null, opts.money)
        : signedPercent(r.value?.pl[id].percent ?? null),
  };
}

/** "4 d", "< 1 d", "never at this volume", "—". */
function daysText(days: number | null): string {
  if (days === null) return MISSING;
  if (!Number.isFinite(days)) return 'no sales';
  if (days < 1) return '< 1 d';
  return `${Math.ceil(days).toLocaleString('en-US')} d`;
}

export function valuationColumns(opts: ValuationColumnsOptions): Array<PortfolioColumn<ValuedRow>> {
  const share = formatPercent((opts.sellShare ?? DEFAULT_SELL_SHARE) * 100, 0);
  return [
    measureColumn('sellNow', opts),
    measureColumn('listLowest', opts),
    measureColumn('replace', opts),
    measureColumn('suggested', opts),
    measureColumn('steamMedian', opts),
    measureColumn('mark', opts),
    plColumn('sellNow', 'money', opts),
    plColumn('sellNow', 'percent', opts),
    plColumn('listLowest', 'money', opts),
    plColumn('listLowest', 'percent', opts),
    plColumn('mark', 'money', opts),
    plColumn('mark', 'percent', opts),
    {
      id: 'lockedDays',
      label: 'Locked',
      title: 'Days until the trade lock ends (rounded up); empty when tradable.',
      align: 'end',
      sortValue: (r) => r.value?.lockedDays ?? null,
      text: (r) => (r.value?.lockedDays != null ? `${r.value.lockedDays} d` : ''),
    },
    {
      id: 'daysToSell',
      label: 'Days to sell',
      title: `Days to sell the remaining quantity taking ${share} of the item's average daily Steam sales (Steam analytics avg_daily_volume), so as not to move the price. ⚠ marks a thin item (under ${THIN_DAILY_VOLUME} sale a day) or an unstable suggested price.`,
      align: 'end',
      sortValue: (r) => r.value?.liquidity.daysToSell ?? null,
      text: (r) => {
        const l = r.value?.liquidity;
        if (!l) return MISSING;
        const warn = l.thin || l.unstable ? ' ⚠' : '';
        return `${daysText(l.daysToSell)}${warn}`;
      },
      render: (r) => {
        const l = r.value?.liquidity;
        if (!l || l.daysToSell === null)
          return (
            <span
              className="pf-missing"
              title="No Steam volume for this item (Steam analytics not loaded, or not for this game)."
            >
              {MISSING}
            </span>
          );
        const why = [
          l.thin ? `thin: ${l.avgDailyVolume ?? 0} sales a day on Steam` : '',
          l.unstable ? 'unstable suggested price' : '',
        ]
          .filter(Boolean)
          .join('; ');
        return (
          <span title={`${l.avgDailyVolume ?? 0} sales a day on Steam${why ? `; ${why}` : ''}`}>
            {daysText(l.daysToSell)}
            {why ? <span className="pf-warn"> ⚠</span> : null}
          </span>
        );
      },
    },
    {
      id: 'cashInWindow',
      label: `Cash in ${CASH_WINDOW_DAYS} d`,
      title: `What selling now could realise within ${CASH_WINDOW_DAYS} days: the items that sell in that time at ${share} of the daily Steam volume (after any trade lock ends), at the sell-now price.`,
      align: 'end',
      sortValue: (r) => r.value?.liquidity.cashInWindow ?? null,
      text: (r) => formatMoney(r.value?.liquidity.cashInWindow ?? null, opts.money),
    },
  ];
}

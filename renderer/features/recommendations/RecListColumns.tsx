/**
 * The recommendations list's columns: each one's header text, width and cell (what the cells read comes in
 * one `RecListCtx`, the same object while none of it changes, so rows whose item stays skip rendering).
 * A deals preset moves its gain column next to the suggested price (`columnsFor`).
 */
import type { ReactNode } from 'react';
import { formatMoney, formatMoneyExact, formatPercent, MISSING, type MoneyFormat } from '../../../shared/money/money';
import { formatCount, signedMoney, signedPercent } from '../../lib/number-format';
import { routeHref } from '../../lib/route';
import type { Derived } from '../../market/model/derived-columns';
import { feeCodeText } from '../../market/model/price-arithmetic';
import type { Snapshot } from '../../market/model/snapshot';
import { dealWorking, type DealSide, type RecJoin } from '../../market/recommendations/join';
import { reasonCodes, type RecColumns } from '../../market/recommendations/rec-columns';
import type { RecSortKey } from '../../market/recommendations/rec-sort';
import { recName } from '../../market/recommendations/rec-wire';
import { reasonExplained, reasonText } from '../../market/recommendations/reasons';

/** What the cells read: the same object while none of it changes, so rows whose item stays skip rendering. */
export interface RecListCtx {
  recs: RecColumns;
  join: RecJoin | null;
  snap: Snapshot | null;
  /** Fees always counted: the deal figures' working. */
  netDerived: Derived | null;
  /** Live prices are loading (their columns say so rather than "—"). */
  pricesLoading: boolean;
  money: MoneyFormat;
  nameOf(slug: string): string;
  /** The deal side the preset shows (its gain column is highlighted). */
  dealSide: DealSide | null;
  unknownOf: ReadonlyMap<number, string[]>;
  columns: RecListColumn[];
}

export interface RecListColumn {
  key: RecSortKey;
  label: string;
  /** Longer header text (title and screen readers). */
  long: string;
  width: number;
  num: boolean;
  cell(ctx: RecListCtx, i: number): ReactNode;
  title?(ctx: RecListCtx, i: number): string | undefined;
}

const n = (v: number | undefined): number | null => (v === undefined || Number.isNaN(v) ? null : v);
const tone = (v: number | null): string => (v === null || v === 0 ? '' : v > 0 ? ' is-pos' : ' is-neg');

function Missing() {
  return <span className="rl__missing">{MISSING}</span>;
}

function PriceAt({ ctx, v, col, side }: { ctx: RecListCtx; v: number | null; col: number; side: 'ask' | 'bid' }) {
  if (ctx.pricesLoading && !ctx.join) return <span className="rl__missing">…</span>;
  if (v === null) return <Missing />;
  const slugs = side === 'ask' ? ctx.snap?.askMarkets : ctx.snap?.bidMarkets;
  return (
    <>
      <span className="rl__main">{formatMoney(v, ctx.money)}</span>
      {col >= 0 && slugs ? <span className="rl__sub">{ctx.nameOf(slugs[col] ?? '')}</span> : null}
    </>
  );
}

function Gap({ ctx, gap, pct }: { ctx: RecListCtx; gap: number | null; pct: number | null }) {
  if (ctx.pricesLoading && !ctx.join) return <span className="rl__missing">…</span>;
  if (gap === null) return <Missing />;
  return (
    <span className={`rl__gap${tone(gap)}`}>
      <span className="rl__main">{signedMoney(gap, ctx.money)}</span>
      <span className="rl__sub">{signedPercent(pct)}</span>
    </span>
  );
}

/** "Buy on BUFF163: ask $10.000 + buyer fee 2.5 % ($0.250) = $10.250; suggested $11.000; gain $0.750 (6.82 %)". */
function dealText(
  ctx: Pick<RecListCtx, 'recs' | 'join' | 'snap' | 'netDerived' | 'nameOf' | 'money'>,
  side: DealSide,
  i: number,
): string | undefined {
  if (!ctx.join || !ctx.snap || !ctx.netDerived) return undefined;
  const w = dealWorking(side, i, ctx.recs, ctx.join, ctx.snap, ctx.netDerived);
  if (!w)
    return side === 'buy'
      ? 'No ask on your markets, or no suggested price.'
      : 'No buy order on your markets, or no suggested price.';
  const x = (v: number) => formatMoneyExact(v, ctx.money);
  const fee = `${side === 'buy' ? '+ buyer' : '− seller'} fee ${feeCodeText(w.feeCode)} (${x(w.fee)})`;
  const verb = side === 'buy' ? `Buy on ${ctx.nameOf(w.market)}: ask` : `Sell on ${ctx.nameOf(w.market)}: buy order`;
  return `${verb} ${x(w.price)} ${fee} = ${x(w.after)}; suggested ${x(w.suggested)}; ${side === 'buy' ? 'suggested − cost' : 'proceeds − suggested'} = ${x(w.gain)} (${signedPercent(w.gainPct)} of the suggestion)`;
}

export const COLUMNS: RecListColumn[] = [
  {
    key: 'name',
    label: 'Item',
    long: 'Item',
    width: 320,
    num: false,
    cell: (ctx, i) => (
      <span className="rl__namecell">
        <span className="rl__name">{recName(ctx.recs, i)}</span>
        {/* For the mouse; the keyboard has A. Not a tab stop: the list is one. */}
        <a
          className="rl__go"
          href={routeHref('analytics', { view: 'item', item: recName(ctx.recs, i) ?? '' })}
          tabIndex={-1}
          title="Open its analytics (A)"
          onClick={(e) => e.stopPropagation()}
        >
          Analytics
        </a>
      </span>
    ),
    title: (ctx, i) => recName(ctx.recs, i),
  },
  {
    key: 'suggested',
    label: 'Suggested',
    long: 'Suggested price',
    width: 112,
    num: true,
    cell: (ctx, i) => {
      const v = n(ctx.recs.suggested[i]);
      return v === null ? <Missing /> : <span className="rl__main rl__strong">{formatMoney(v, ctx.money)}</span>;
    },
    title: (ctx, i) => {
      const v = n(ctx.recs.suggested[i]);
      return v === null ? 'No suggested price (missing or unreadable)' : formatMoneyExact(v, ctx.money);
    },
  },
  {
    key: 'sales',
    label: 'Sales',
    long: 'Total sales',
    width: 92,
    num: true,
    cell: (ctx, i) => <span className="rl__main">{formatCount(n(ctx.recs.sales[i]))}</span>,
  },
  {
    key: 'diff',
    label: 'Price diff.',
    long: 'Price difference (current minus suggested)',
    width: 106,
    num: true,
    cell: (ctx, i) => {
      const v = n(ctx.recs.diff[i]);
      return <span className={`rl__main${tone(v)}`}>{signedMoney(v, ctx.money)}</span>;
    },
    title: (ctx, i) => {
      const v = n(ctx.recs.diff[i]);
      return v === null ? undefined : `Current minus suggested: ${formatMoneyExact(v, ctx.money)}`;
    },
  },
  {
    key: 'changePct',
    label: 'Change',
    long: 'Price change percentage',
    width: 86,
    num: true,
    cell: (ctx, i) => {
      const v = n(ctx.recs.changePct[i]);
      return <span className={`rl__main${tone(v)}`}>{signedPercent(v)}</span>;
    },
  },
  {
    key: 'liquidity',
    label: 'Liquidity',
    long: 'Liquidity score (0 to 100 %)',
    width: 132,
    num: false,
    cell: (ctx, i) => {
      const v = n(ctx.recs.liquidity[i]);
      if (v === null) return <Missing />;
      return (
        <span className="rl__liq">
          <span className="rl__bar" aria-hidden="true">
            <span style={{ width: `${v / 100}%` }} />
          </span>
          <span className="rl__main">{formatPercent(v / 100)}</span>
        </span>
      );
    },
    title: (ctx, i) => {
      const v = n(ctx.recs.liquidity[i]);
      return v === null ? 'No liquidity score (missing or unreadable)' : `Liquidity score ${v} of 10000`;
    },
  },
  {
    key: 'reasons',
    label: 'Unstable reasons',
    long: 'Unstable reasons',
    width: 250,
    num: false,
    cell: (ctx, i) => {
      const bits = ctx.recs.reasons[i] ?? 0;
      if (bits === 0) return <span className="rl__stable">Stable</span>;
      const codes = reasonCodes(ctx.recs, ctx.unknownOf, i);
      return (
        <span className="rl__chips">
          {codes.map((c) => (
            <span key={c} className="rc-chip" title={`${reasonText(c)}: ${reasonExplained(c)}`} data-code={c}>
              {reasonText(c)}
            </span>
          ))}
          {codes.length === 0 ? (
            <span
              className="rc-chip rc-chip--warn"
              title="The service sent a reasons list that could not be read: stability unknown."
            >
              reasons unreadable
            </span>
          ) : null}
        </span>
      );
    },
  },
  {
    key: 'ask',
    label: 'Best ask',
    long: 'Best ask on your markets',
    width: 128,
    num: true,
    cell: (ctx, i) => (
      <PriceAt
        ctx={ctx}
        v={ctx.join ? n(ctx.join.ask[i]) : null}
        col={ctx.join ? (ctx.join.askCol[i] as number) : -1}
        side="ask"
      />
    ),
  },
  {
    key: 'askGapPct',
    label: 'Ask vs sugg.',
    long: 'Best ask against the suggested price',
    width: 124,
    num: true,
    cell: (ctx, i) => (
      <Gap ctx={ctx} gap={ctx.join ? n(ctx.join.askGap[i]) : null} pct={ctx.join ? n(ctx.join.askGapPct[i]) : null} />
    ),
  },
  {
    key: 'bid',
    label: 'Best bid',
    long: 'Best bid on your markets',
    width: 128,
    num: true,
    cell: (ctx, i) => (
      <PriceAt
        ctx={ctx}
        v={ctx.join ? n(ctx.join.bid[i]) : null}
        col={ctx.join ? (ctx.join.bidCol[i] as number) : -1}
        side="bid"
      />
    ),
  },
  {
    key: 'bidGapPct',
    label: 'Bid vs sugg.',
    long: 'Best bid against the suggested price',
    width: 124,
    num: true,
    cell: (ctx, i) => (
      <Gap ctx={ctx} gap={ctx.join ? n(ctx.join.bidGap[i]) : null} pct={ctx.join ? n(ctx.join.bidGapPct[i]) : null} />
    ),
  },
  {
    key: 'buyGain',
    label: 'Buy gain',
    long: 'Gain buying at the best ask after its fee, against the suggested price',
    width: 112,
    num: true,
    cell: (ctx, i) => (
      <Gap ctx={ctx} gap={ctx.join ? n(ctx.join.buyGain[i]) : null} pct={ctx.join ? n(ctx.join.buyGainPct[i]) : null} />
    ),
    title: (ctx, i) => dealText(ctx, 'buy', i),
  },
  {
    key: 'sellGain',
    label: 'Sell gain',
    long: 'Gain selling into the best bid after its fee, against the suggested price',
    width: 112,
    num: true,
    cell: (ctx, i) => (
      <Gap
        ctx={ctx}
        gap={ctx.join ? n(ctx.join.sellGain[i]) : null}
        pct={ctx.join ? n(ctx.join.sellGainPct[i]) : null}
      />
    ),
    title: (ctx, i) => dealText(ctx, 'sell', i),
  },
];

/** With a deals preset on, its gain column comes right after the suggested price (where the eye is). */
export function columnsFor(deal: DealSide | null): RecListColumn[] {
  if (!deal) return COLUMNS;
  const gain = COLUMNS.find((c) => c.key === `${deal}Gain`);
  if (!gain) return COLUMNS;
  const rest = COLUMNS.filter((c) => c !== gain);
  return [...rest.slice(0, 2), gain, ...rest.slice(2)];
}

export const TOTAL_W = COLUMNS.reduce((s, c) => s + c.width, 0);
/** The pinned item column's width. */
export const PIN_W = (COLUMNS[0] as RecListColumn).width;

export function cellClass(ctx: Pick<RecListCtx, 'dealSide'>, c: RecListColumn): string {
  return `rl__cell${c.num ? ' is-num' : ''}${c.key === 'name' ? ' rl__pin' : ''}${ctx.dealSide && c.key === `${ctx.dealSide}Gain` ? ' is-deal' : ''}`;
}

/**
 * The recommendations list: one row per item of the view, virtualized as the price grid is (only the rows
 * and the columns in sight are in the DOM; row elements recycled, so an item that stays in sight when a
 * filter or sort moves it only moves), sortable by every column, fully keyboard driven: arrows / Page /
 * Home / End move the active row, Enter opens the item's detail panel, A its analytics. ARIA grid
 * semantics with aria-activedescendant; cells carry aria-colindex (columns out of sight are not rendered).
 */
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { formatMoney, formatMoneyExact, formatPercent, MISSING, type MoneyFormat } from '../../../shared/money/money';
import { routeHref } from '../../lib/route';
import { formatCount, signedMoney, signedPercent } from '../../lib/number-format';
import type { Snapshot } from '../../market/model/snapshot';
import type { Derived } from '../../market/model/derived-columns';
import { feeCodeText } from '../../market/model/price-arithmetic';
import { dealWorking, type DealSide, type RecJoin } from '../../market/recommendations/join';
import { reasonCodes, type RecColumns } from '../../market/recommendations/rec-columns';
import { recName } from '../../market/recommendations/rec-wire';
import type { RecSort, RecSortKey } from '../../market/recommendations/rec-sort';
import { defaultRecDir } from '../../market/recommendations/view';
import { reasonExplained, reasonText } from '../../market/recommendations/reasons';
import { rowForKey } from '../../lib/row-keys';
import { useRowWindow } from '../../lib/useRowWindow';
import { useRowSlots } from '../../lib/row-slots';
import { useColumnWindow } from '../../lib/useColumnWindow';

const ROW_H = 36;
const HEAD_H = 40;

export interface RecListProps {
  recs: RecColumns;
  view: Int32Array;
  join: RecJoin | null;
  snap: Snapshot | null;
  /** Fees always counted: the deal figures' working. */
  netDerived: Derived | null;
  /** The grid's "net of fees" setting (labels the ask/bid columns). */
  net: boolean;
  /** Live prices are loading (their columns say so rather than "—"). */
  pricesLoading: boolean;
  sort: RecSort;
  onSort(s: RecSort): void;
  money: MoneyFormat;
  nameOf(slug: string): string;
  openItem: number | null;
  onOpen(item: number): void;
  onAnalytics(item: number): void;
  /** The deal side the preset shows (its gain column is highlighted). */
  dealSide: DealSide | null;
  label: string;
  /** The list is loading (its frame is shown empty meanwhile). */
  busy?: boolean;
  /** A hidden render that only warms the code up (RecListWarmUp): no test id. */
  warmUp?: boolean;
}

/** What the cells read: the same object while none of it changes, so rows whose item stays skip rendering. */
interface Ctx extends Pick<
  RecListProps,
  'recs' | 'join' | 'snap' | 'netDerived' | 'pricesLoading' | 'money' | 'nameOf' | 'dealSide'
> {
  unknownOf: ReadonlyMap<number, string[]>;
  columns: Column[];
}

interface Column {
  key: RecSortKey;
  label: string;
  /** Longer header text (title and screen readers). */
  long: string;
  width: number;
  num: boolean;
  cell(ctx: Ctx, i: number): ReactNode;
  title?(ctx: Ctx, i: number): string | undefined;
}

const n = (v: number | undefined): number | null => (v === undefined || Number.isNaN(v) ? null : v);
const tone = (v: number | null): string => (v === null || v === 0 ? '' : v > 0 ? ' is-pos' : ' is-neg');

function Missing() {
  return <span className="rl__missing">{MISSING}</span>;
}

function PriceAt({ ctx, v, col, side }: { ctx: Ctx; v: number | null; col: number; side: 'ask' | 'bid' }) {
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

function Gap({ ctx, gap, pct }: { ctx: Ctx; gap: number | null; pct: number | null }) {
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
  ctx: Pick<Ctx, 'recs' | 'join' | 'snap' | 'netDerived' | 'nameOf' | 'money'>,
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

const COLUMNS: Column[] = [
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
function columnsFor(deal: DealSide | null): Column[] {
  if (!deal) return COLUMNS;
  const gain = COLUMNS.find((c) => c.key === `${deal}Gain`);
  if (!gain) return COLUMNS;
  const rest = COLUMNS.filter((c) => c !== gain);
  return [...rest.slice(0, 2), gain, ...rest.slice(2)];
}
const TOTAL_W = COLUMNS.reduce((s, c) => s + c.width, 0);
/** The pinned item column's width. */
const PIN_W = (COLUMNS[0] as Column).width;

export const RecList = memo(function RecList(props: RecListProps) {
  const {
    recs,
    view,
    sort,
    onSort,
    openItem,
    onOpen,
    onAnalytics,
    label,
    dealSide,
    net,
    join,
    snap,
    netDerived,
    pricesLoading,
    money,
    nameOf,
  } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const id = useId();
  const [active, setActive] = useState(0);
  const unknownOf = useMemo(() => new Map(recs.unknownReasons), [recs]);
  const columns = useMemo(() => columnsFor(dealSide), [dealSide]);
  // Column widths and the row height for every row, set once here (CSS grid tracks): no inline style per
  // cell, so the cells share their computed style (an inline style makes each cell's style its own).
  const gridVars = useMemo(
    () =>
      ({
        '--rl-cols': columns.map((c) => `${c.width}px`).join(' '),
        '--rl-row-h': `${ROW_H}px`,
        '--rl-head-h': `${HEAD_H}px`,
        '--rl-w': `${TOTAL_W}px`,
      }) as CSSProperties,
    [columns],
  );
  const ctx = useMemo<Ctx>(
    () => ({ recs, join, snap, netDerived, pricesLoading, money, nameOf, dealSide, unknownOf, columns }),
    [recs, join, snap, netDerived, pricesLoading, money, nameOf, dealSide, unknownOf, columns],
  );
  const onRowClick = useCallback(
    (r: number, item: number) => {
      setActive(r);
      onOpen(item);
    },
    [onOpen],
  );

  // Keep the active row inside the view as it shrinks (filters) and on a new list.
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, view.length - 1))), [view]);

  // Rows: the shared fixed-row window; overscan 2 as the grid's (a scroll renders its rows in the event).
  const rows = useRowWindow(scroller, view.length, ROW_H, HEAD_H, 2);
  const { scrollToRow } = rows;
  // Columns after the pinned item column: those in sight (and one either side), as the price grid does;
  // re-measured when the deals preset moves its gain column.
  const scrollCols = useMemo(() => columns.slice(1), [columns]);
  const colV = useColumnWindow({
    scrollRef: scroller,
    columns: scrollCols,
    pinnedWidth: PIN_W,
    overscan: 1,
    initialSize: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });
  const colItems = colV.getVirtualItems();
  const from = (colItems[0]?.index ?? 0) + 1;
  const to = colItems.length ? (colItems[colItems.length - 1]?.index ?? 0) + 1 : 0;
  const range = useMemo<ColRange>(() => ({ from, to, start: { gridColumnStart: from + 1 } }), [from, to]);
  const slotted = useRowSlots(
    Array.from({ length: rows.end - rows.first }, (_, k) => ({
      index: rows.first + k,
      item: view[rows.first + k] as number,
      start: (rows.first + k) * ROW_H,
    })),
  );

  const moveTo = useCallback(
    (r: number) => {
      const next = Math.max(0, Math.min(view.length - 1, r));
      setActive(next);
      scrollToRow(next);
    },
    [scrollToRow, view.length],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || view.length === 0) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_H) - 1);
    const item = view[active];
    const to = rowForKey(e.key, active, view.length, page);
    if (to !== null) {
      moveTo(to);
      e.preventDefault();
      return;
    }
    switch (e.key) {
      case 'Enter':
        if (item !== undefined) onOpen(item);
        break;
      case 'a':
      case 'A':
        if (e.ctrlKey || e.metaKey || e.altKey) return;
        if (item !== undefined) onAnalytics(item);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const rowId = (r: number) => `${id}-r${r}`;
  return (
    <div
      ref={scroller}
      className="rl"
      role="grid"
      aria-label={label}
      aria-rowcount={view.length + 1}
      aria-colcount={COLUMNS.length}
      aria-activedescendant={view.length > 0 ? rowId(active) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid={props.warmUp ? undefined : 'rec-list'}
      aria-busy={props.busy || undefined}
      style={gridVars}
    >
      <div role="rowgroup" className="rl__head">
        <div role="row" aria-rowindex={1} className="rl__row rl__row--head">
          {columns.map((c, k) => {
            const sorted = sort.key === c.key;
            return (
              <div
                key={c.key}
                role="columnheader"
                aria-colindex={k + 1}
                data-col={c.key}
                aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                className={`${cellClass(ctx, c)} rl__hcell`}
              >
                <button
                  type="button"
                  className="rl__sort"
                  title={`${c.long}${c.key === 'ask' || c.key === 'bid' ? (net ? ' (net of fees)' : ' (as listed)') : ''}: sort`}
                  onClick={() =>
                    onSort({ key: c.key, dir: sorted ? (sort.dir === 'asc' ? 'desc' : 'asc') : defaultRecDir(c.key) })
                  }
                >
                  {c.label}
                  {(c.key === 'ask' || c.key === 'bid') && net ? <span className="rl__net"> net</span> : null}
                  <span className="rl__arrow" aria-hidden="true">
                    {sorted ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </div>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" className="rl__body" style={{ height: rows.totalHeight }}>
        {slotted.map((row) => (
          <Row
            key={row.slot}
            id={rowId(row.index)}
            r={row.index}
            item={row.item}
            y={row.start}
            ctx={ctx}
            range={range}
            active={row.index === active}
            open={row.item === openItem}
            onClick={onRowClick}
          />
        ))}
      </div>
    </div>
  );
});

/** The rendered columns: the pinned item column, then from..to (inclusive) of the rest. */
interface ColRange {
  from: number;
  to: number;
  /** The first rendered column after the pinned one starts at its own track; the others follow it. */
  start: CSSProperties;
}

function cellClass(ctx: Pick<Ctx, 'dealSide'>, c: Column): string {
  return `rl__cell${c.num ? ' is-num' : ''}${c.key === 'name' ? ' rl__pin' : ''}${ctx.dealSide && c.key === `${ctx.dealSide}Gain` ? ' is-deal' : ''}`;
}

/** A row's cells: the pinned one and the columns in sight. */
function rowCells(ctx: Ctx, item: number, range: ColRange): ReactNode[] {
  const out: ReactNode[] = [];
  const cell = (k: number, style?: CSSProperties) => {
    const c = ctx.columns[k] as Column;
    out.push(
      <div
        key={c.key}
        role="gridcell"
        aria-colindex={k + 1}
        className={cellClass(ctx, c)}
        style={style}
        title={c.title?.(ctx, item)}
        data-col={c.key}
      >
        {c.cell(ctx, item)}
      </div>,
    );
  };
  cell(0);
  for (let k = range.from; k <= range.to; k++) cell(k, k === range.from ? range.start : undefined);
  return out;
}

/**
 * One row, recycled (its key is a slot): its cells are rendered again only when its item, the columns
 * in sight or what they read changed; a row whose item only moved (a filter or sort kept it in sight)
 * costs its position.
 */
const Row = memo(function Row({
  id,
  r,
  item,
  y,
  ctx,
  range,
  active,
  open,
  onClick,
}: {
  id: string;
  r: number;
  item: number;
  y: number;
  ctx: Ctx;
  range: ColRange;
  active: boolean;
  open: boolean;
  onClick(r: number, item: number): void;
}) {
  const cells = useMemo(() => rowCells(ctx, item, range), [ctx, item, range]);
  return (
    <div
      id={id}
      role="row"
      aria-rowindex={r + 2}
      aria-selected={open || undefined}
      className={`rl__row${active ? ' is-active' : ''}${open ? ' is-open' : ''}`}
      style={{ transform: `translateY(${y}px)` }}
      onClick={() => onClick(r, item)}
      data-item={recName(ctx.recs, item)}
    >
      {cells}
    </div>
  );
});

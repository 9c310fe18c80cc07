/**
 * What each holding is worth, by several measures, from the game's price snapshot, the fees in force and
 * the "Net of fees" switch. Pure: the page's hooks (useValuation.ts) bring the inputs. Money in thousandths;
 * `unit` per item, `total` = unit x remaining quantity. The measures (sell now, list at lowest, replace,
 * suggested, Steam median, mark), locked holdings and unknown fees follow the rules and reasons in this
 * folder's README.md ("Decisions"). Missing is null, never 0: totals count the holdings without a value;
 * with net on, a market whose fee is unknown is left out and counted, never valued at a fee of 0.
 */
import { STEAM_PUBLISHER_FEE_BPS } from '../../../../shared/catalog/fee-schedule';
import {
  UNKNOWN_FEE_CODE,
  buyFeeCode,
  netAsk,
  netBid,
  sellFeeCode,
  steamFeeCode,
  type FeeCode,
  type FeeTable,
} from '../../../market/model/price-arithmetic';
import { BIG, NONE, type Snapshot } from '../../../market/model/snapshot';
import type { HoldingRow } from '../model/types';
import { nextTask } from '../../../lib/next-task';

export const DAY_MS = 86_400_000;

/** Share of an item's average daily Steam volume one seller can take without moving the price. */
export const DEFAULT_SELL_SHARE = 0.1;
/** Fewer sales a day than this: the item is thin (a sale may take days at any price). */
export const THIN_DAILY_VOLUME = 1;
/** The window of the "cash you could realise" headline. */
export const CASH_WINDOW_DAYS = 7;

export const MEASURES = ['sellNow', 'listLowest', 'replace', 'suggested', 'steamMedian', 'mark'] as const;
export type MeasureId = (typeof MEASURES)[number];

export interface MeasureValue {
  /** Per item; null = no value ("—"). */
  unit: number | null;
  /** unit x remaining; null with unit. */
  total: number | null;
  /** The market the figure comes from (sell now, list at lowest, replace). */
  market: string | null;
  /** Markets with a price left out because their fee (net on) is unknown. */
  unknownFee: number;
}

interface Liquidity {
  /** Days to sell the remaining quantity at the sell share of avg_daily_volume; null without volume. */
  daysToSell: number | null;
  avgDailyVolume: number | null;
  /** Fewer than THIN_DAILY_VOLUME sales a day. */
  thin: boolean;
  /** The recommendation lists unstable reasons. */
  unstable: boolean;
  /** Sell-now money reachable within CASH_WINDOW_DAYS (lock and volume allowing); null when unknown. */
  cashInWindow: number | null;
}

export interface HoldingValue {
  /** Index of the item in the snapshot; -1 when the snapshot does not know it. */
  item: number;
  measures: Record<MeasureId, MeasureValue>;
  /** Whole days until the trade lock ends (rounded up); null when tradable. */
  lockedDays: number | null;
  /** Locked: whether list at lowest used a market's separate locked price. */
  lockedPrice: boolean;
  /** The recommendation's unstable reasons (codes); empty when stable or not loaded. */
  reasons: readonly string[];
  liquidity: Liquidity;
  /** Unrealised profit per measure: value total - cost basis, and that in percent of the cost. */
  pl: Record<MeasureId, { money: number | null; percent: number | null }>;
}

/** The recommendation figures for one item (null: the list is not loaded or lacks the item). */
export interface RecLookup {
  suggested(name: string): { price: number | null; reasons: readonly string[] } | null;
}

/** Steam analytics figures per item (null: not loaded / no such item). */
export interface SteamLookup {
  get(name: string): { medianLatest: number | null; avgDailyVolume: number | null } | null;
}

export interface ValuationSettings {
  snap: Snapshot;
  /** The user's ask markets (slugs), in order; those absent from the snapshot are ignored. */
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
  fees: FeeTable;
  /** Whether a market's fee of one side is known (markets/fees.ts feeOrigin !== 'unknown'). */
  feeKnown(slug: string, side: 'buyer' | 'seller'): boolean;
  net: boolean;
  recs: RecLookup | null;
  steam: SteamLookup | null;
  now: number;
  /** 0 < share <= 1; DEFAULT_SELL_SHARE. */
  sellShare?: number;
  /** Per snapshot item, the mark price (Derived.mark for these markets, fees and net; NaN: none); absent: not computed. */
  mark?: ArrayLike<number> | null;
}

/** Per market column, computed once per settings: which column, its fee code, and whether its net is known. */
interface Col {
  k: number;
  slug: string;
  code: FeeCode;
  known: boolean;
}

export interface ValuationContext {
  s: ValuationSettings;
  /** The held names' items (first occurrence), when built for the rows (valueAllSliced); else the snapshot's own index. */
  index?: ReadonlyMap<string, number>;
  ask: Col[];
  askBuy: Col[];
  bid: Col[];
  steamCode: FeeCode;
  steamKnown: boolean;
  share: number;
}

/** Once per (snapshot, markets, fees, net): the columns and their fee codes; then valueHolding per row. */
export function prepareValuation(s: ValuationSettings): ValuationContext {
  const cols = (slugs: readonly string[], index: ReadonlyMap<string, number>, side: 'buyer' | 'seller'): Col[] => {
    const out: Col[] = [];
    for (const slug of slugs) {
      const k = index.get(slug);
      if (k === undefined) continue;
      const fee = s.fees[slug];
      const code = !s.net ? 0 : side === 'seller' ? sellFeeCode(fee) : buyFeeCode(fee);
      out.push({ k, slug, code, known: !s.net || (code !== UNKNOWN_FEE_CODE && s.feeKnown(slug, side)) });
    }
    return out;
  };
  const steamFee = s.fees.steamcommunity;
  const steamPublisher = STEAM_PUBLISHER_FEE_BPS[s.snap.game];
  const steamCode = !s.net
    ? 0
    : steamFee
      ? sellFeeCode(steamFee)
      : steamPublisher === undefined
        ? UNKNOWN_FEE_CODE
        : steamFeeCode(steamPublisher);
  const share = s.sellShare !== undefined && s.sellShare > 0 && s.sellShare <= 1 ? s.sellShare : DEFAULT_SELL_SHARE;
  return {
    s,
    ask: cols(s.askMarkets, s.snap.askIndex, 'seller'),
    askBuy: cols(s.askMarkets, s.snap.askIndex, 'buyer'),
    bid: cols(s.bidMarkets, s.snap.bidIndex, 'seller'),
    steamCode,
    steamKnown: !s.net || (steamCode !== UNKNOWN_FEE_CODE && s.feeKnown('steamcommunity', 'seller')),
    share,
  };
}

const MISSING: MeasureValue = Object.freeze({ unit: null, total: null, market: null, unknownFee: 0 }) as MeasureValue;

function measure(unit: number | null, q: number, market: string | null, unknownFee: number): MeasureValue {
  if (unit === null)
    return unknownFee === 0 && market === null ? MISSING : { unit: null, total: null, market: null, unknownFee };
  return { unit, total: unit * q, market, unknownFee };
}

/** A cell's value, or null: the typed array read directly (the hot path), BIG through the overflow map. */
function valueIn(snap: Snapshot, arr: Int32Array, field: 'ask' | 'locked' | 'bid', cell: number): number | null {
  const v = arr[cell] as number;
  if (v === NONE) return null;
  if (v === BIG) return snap.big[field].get(cell) ?? null;
  return v;
}

/**
 * Best over markets whose net is known: `dir` 1 keeps the highest, -1 the lowest. `byGross`: the market is
 * chosen by its price as listed and its net taken after (list at lowest), else by the net. `separateLocked`:
 * only locked prices that differ from the market's price.
 */
function best(
  snap: Snapshot,
  cols: readonly Col[],
  field: 'ask' | 'locked' | 'bid',
  item: number,
  stride: number,
  apply: (v: number, code: FeeCode) => number,
  dir: 1 | -1,
  q: number,
  byGross: boolean,
  separateLocked: boolean,
): MeasureValue {
  const arr = snap[field];
  const askArr = snap.ask;
  const base = item * stride;
  let top: number | null = null;
  let topCol: Col | null = null;
  let unknownFee = 0;
  for (let i = 0; i < cols.length; i++) {
    const c = cols[i] as Col;
    const cell = base + c.k;
    const v = valueIn(snap, arr, field, cell);
    if (v === null) continue;
    if (separateLocked && v === valueIn(snap, askArr, 'ask', cell)) continue;
    if (!c.known) {
      unknownFee++;
      continue;
    }
    const n = c.code === 0 || byGross ? v : apply(v, c.code);
    if (top === null || (dir === 1 ? n > top : n < top)) {
      top = n;
      topCol = c;
    }
  }
  if (top !== null && topCol !== null && byGross && topCol.code !== 0) top = apply(top, topCol.code);
  return measure(top, q, topCol?.slug ?? null, unknownFee);
}

function plOf(total: number | null, cost: number | null): { money: number | null; percent: number | null } {
  if (total === null || cost === null) return { money: null, percent: null };
  const money = total - cost;
  return { money, percent: cost > 0 ? (money / cost) * 100 : null };
}

/** One holding's values. `row.remaining` is the quantity valued. */
export function valueHolding(ctx: ValuationContext, row: HoldingRow): HoldingValue {
  const { s } = ctx;
  const { snap } = s;
  const name = row.holding.name;
  const q = row.remaining;
  const item = snap.game !== row.holding.game ? -1 : ctx.index ? (ctx.index.get(name) ?? -1) : snap.indexOfName(name);
  const lockLeft = row.holding.lockedUntil !== null ? row.holding.lockedUntil - s.now : 0;
  const lockedDays = lockLeft > 0 ? Math.ceil(lockLeft / DAY_MS) : null;
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;

  let sellNow = MISSING;
  let listLowest = MISSING;
  let replace = MISSING;
  let lockedPrice = false;
  if (item >= 0) {
    sellNow = best(snap, ctx.bid, 'bid', item, b, netBid, 1, q, false, false);
    if (lockedDays !== null) {
      listLowest = best(snap, ctx.ask, 'locked', item, m, netBid, -1, q, true, true);
      lockedPrice = listLowest.unit !== null || listLowest.unknownFee > 0;
    }
    if (!lockedPrice) listLowest = best(snap, ctx.ask, 'ask', item, m, netBid, -1, q, true, false);
    replace = best(snap, ctx.askBuy, 'ask', item, m, netAsk, -1, q, false, false);
  }

  const rec = s.recs?.suggested(name) ?? null;
  const suggested = measure(rec?.price ?? null, q, null, 0);
  const reasons = rec?.reasons ?? [];

  const st = s.steam?.get(name) ?? null;
  let steamMedian = MISSING;
  if (st?.medianLatest != null) {
    if (!ctx.steamKnown) steamMedian = measure(null, q, null, 1);
    else
      steamMedian = measure(
        ctx.steamCode === 0 ? st.medianLatest : netBid(st.medianLatest, ctx.steamCode),
        q,
        'steamcommunity',
        0,
      );
  }

  const markUnit = item >= 0 && s.mark ? (s.mark[item] ?? NaN) : NaN;
  const mark = Number.isFinite(markUnit) ? measure(markUnit, q, null, 0) : MISSING;

  const vol = st?.avgDailyVolume ?? null;
  const perDay = vol !== null && vol > 0 ? vol * ctx.share : null;
  const daysToSell = vol === null ? null : perDay === null ? Infinity : q / perDay;
  let cashInWindow: number | null = null;
  if (sellNow.unit !== null && vol !== null) {
    const open = CASH_WINDOW_DAYS - (lockLeft > 0 ? lockLeft / DAY_MS : 0);
    const sellable = open <= 0 || perDay === null ? 0 : Math.min(q, Math.floor(perDay * open));
    cashInWindow = sellable * sellNow.unit;
  }

  const measures = { sellNow, listLowest, replace, suggested, steamMedian, mark };
  const cost = row.costBasis;
  return {
    item,
    measures,
    lockedDays,
    lockedPrice,
    reasons,
    liquidity: {
      daysToSell,
      avgDailyVolume: vol,
      thin: vol !== null && vol < THIN_DAILY_VOLUME,
      unstable: reasons.length > 0,
      cashInWindow,
    },
    pl: {
      sellNow: plOf(sellNow.total, cost),
      listLowest: plOf(listLowest.total, cost),
      replace: plOf(replace.total, cost),
      suggested: plOf(suggested.total, cost),
      steamMedian: plOf(steamMedian.total, cost),
      mark: plOf(mark.total, cost),
    },
  };
}

interface MeasureTotal {
  /** Sum over the holdings with a value. */
  value: number;
  /** Holdings (with items left) without a value: never counted as 0. */
  missing: number;
  /** Unrealised P/L over the holdings with both a value and a cost basis, and that cost. */
  pl: number;
  plCost: number;
  plPercent: number | null;
  /** Holdings left out of the P/L (no value or no cost basis). */
  plMissing: number;
}

export interface ValuationTotals {
  holdings: number;
  measures: Record<MeasureId, MeasureTotal>;
  /** Cash you could realise within CASH_WINDOW_DAYS (sell now, volume allowing), and the holdings it could not be worked out for. */
  cashInWindow: number;
  cashMissing: number;
  /** Cost basis of the valued holdings (those with a known cost), and how many had none. */
  cost: number;
  costMissing: number;
}

export interface Valuation {
  values: HoldingValue[];
  totals: ValuationTotals;
}

function emptyTotals(): ValuationTotals {
  const measures = {} as Record<MeasureId, MeasureTotal>;
  for (const id of MEASURES) measures[id] = { value: 0, missing: 0, pl: 0, plCost: 0, plPercent: null, plMissing: 0 };
  return { holdings: 0, measures, cashInWindow: 0, cashMissing: 0, cost: 0, costMissing: 0 };
}

/** Values rows [from, to) into `values` and adds them to `t`. */
function valueRange(
  ctx: ValuationContext,
  rows: readonly HoldingRow[],
  from: number,
  to: number,
  values: HoldingValue[],
  t: ValuationTotals,
): void {
  for (let i = from; i < to; i++) {
    const row = rows[i] as HoldingRow;
    const v = valueHolding(ctx, row);
    values[i] = v;
    if (row.remaining <= 0) continue;
    t.holdings++;
    if (row.costBasis === null) t.costMissing++;
    else t.cost += row.costBasis;
    if (v.liquidity.cashInWindow === null) t.cashMissing++;
    else t.cashInWindow += v.liquidity.cashInWindow;
    for (const id of MEASURES) {
      const m = t.measures[id];
      const total = v.measures[id].total;
      if (total === null) m.missing++;
      else m.value += total;
      if (total === null || row.costBasis === null) m.plMissing++;
      else {
        m.pl += total - row.costBasis;
        m.plCost += row.costBasis;
      }
    }
  }
}

function finish(values: HoldingValue[], t: ValuationTotals): Valuation {
  for (const id of MEASURES) {
    const m = t.measures[id];
    m.plPercent = m.plCost > 0 ? (m.pl / m.plCost) * 100 : null;
  }
  return { values, totals: t };
}

/** Every row's values and the totals. Rows with nothing left (all sold) are valued at 0 items and not counted. */
export function valueAll(ctx: ValuationContext, rows: readonly HoldingRow[]): Valuation {
  const values = new Array<HoldingValue>(rows.length);
  const t = emptyTotals();
  valueRange(ctx, rows, 0, rows.length, values, t);
  return finish(values, t);
}

/** Gives the main thread back between slices (input and paint run), without setTimeout's 4 ms clamp. */
const yieldToMain = nextTask;

/**
 * The same as valueAll, in slices of about `sliceMs` with a yield between them, so that valuing thousands
 * of holdings never holds the main thread for long (a long task delays input). Rejects with an AbortError
 * when `signal` aborts (newer prices arrived).
 */
export async function valueAllSliced(
  ctx: ValuationContext,
  rows: readonly HoldingRow[],
  opts: { sliceMs?: number; signal?: AbortSignal; yieldFn?: () => Promise<void> } = {},
): Promise<Valuation> {
  // 12 ms slices: well under the 50 ms of a long task, few enough that the yields cost little.
  const sliceMs = opts.sliceMs ?? 12;
  const yieldFn = opts.yieldFn ?? yieldToMain;
  const aborted = () => {
    if (opts.signal?.aborted) throw new DOMException('The valuation was replaced by a newer one.', 'AbortError');
  };
  // The held names' items, found in slices too: the snapshot's own index would map every one of its tens
  // of thousands of names in one go.
  const held = new Set<string>();
  for (const r of rows) held.add(r.holding.name);
  const index = new Map<string, number>();
  const names = ctx.s.snap.names;
  for (let k = 0; k < names.length;) {
    const start = performance.now();
    do {
      const end = Math.min(names.length, k + 5000);
      for (; k < end; k++) {
        const n = names[k] as string;
        if (held.has(n) && !index.has(n)) index.set(n, k);
      }
    } while (k < names.length && performance.now() - start < sliceMs);
    if (k < names.length) {
      await yieldFn();
      aborted();
    }
  }
  const c: ValuationContext = { ...ctx, index };
  const values = new Array<HoldingValue>(rows.length);
  const t = emptyTotals();
  let i = 0;
  // Rows between looks at the clock (a row takes microseconds).
  const step = 250;
  while (i < rows.length) {
    const start = performance.now();
    // At least one step per slice, so a slice always moves on.
    do {
      const to = Math.min(rows.length, i + step);
      valueRange(c, rows, i, to, values, t);
      i = to;
    } while (i < rows.length && performance.now() - start < sliceMs);
    if (i < rows.length) {
      await yieldFn();
      aborted();
    }
  }
  return finish(values, t);
}

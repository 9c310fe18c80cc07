/**
 * The FIFO ledger: sales take from the holdings (lots) of the same item, oldest first, and the realised
 * profit follows from the cost of what each sale took. Per (game, name): lots are ordered by `acquired` (a
 * lot without a date last), then `created`, then id; sales by `sold`, then `created`, then id. A sale's date
 * is not checked against the lots' dates: what was sold came from what was held first. Integer arithmetic
 * only (money is thousandths); a fee of null counts as none (the user recorded no fee); a unit cost of null
 * makes every cost basis that includes it null. How a lot's fee is shared over its items: `feeShare`.
 */
import type { Holding, HoldingRow, Sale } from './types';

interface LotTake {
  holdingId: string;
  quantity: number;
  /** Cost of the items taken (unit cost × quantity + their share of the lot's fee); null when unknown. */
  cost: number | null;
}

interface SaleResult {
  sale: Sale;
  /** What the sale took, lot by lot, oldest first. */
  takes: LotTake[];
  /** Cost of the items sold; null when a lot taken from has no cost, or the sale sold more than was held. */
  costBasis: number | null;
  /** unitPrice × quantity − fee. */
  proceeds: number;
  /** proceeds − costBasis; null when the cost basis is. */
  realised: number | null;
  /** Items sold that were not held (0 = none): the sale is flagged, not trimmed. */
  shortfall: number;
}

interface LotResult {
  holding: Holding;
  /** Items not yet sold. */
  remaining: number;
  /** Cost of the remaining items incl. their share of the fee; null when the unit cost is unknown. */
  costBasis: number | null;
}

interface ItemResult {
  game: number;
  name: string;
  /** Items held after the sales. */
  held: number;
  /** Sum of the sales' realised profit that is known. */
  realised: number;
  /** Sales whose realised profit is unknown (no cost, or oversold). */
  realisedMissing: number;
  /** Items sold beyond what was held, over all its sales. */
  shortfall: number;
}

export interface Ledger {
  lots: ReadonlyMap<string, LotResult>;
  sales: ReadonlyMap<string, SaleResult>;
  items: ReadonlyMap<string, ItemResult>;
  /** Over every item: the known realised profit and how many sales had none. */
  realised: number;
  realisedMissing: number;
}

export function itemKey(game: number, name: string): string {
  return `${game}\u0000${name}`;
}

/**
 * floor(total × part / whole) exactly, also when the product passes 2^53 (BigInt then). A converted cost is
 * fractional and stays unrounded (it is rounded once, where shown): its share is the plain quotient.
 */
export function shareDown(total: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  if (!Number.isInteger(total)) return (total * part) / whole;
  const product = total * part;
  if (Number.isSafeInteger(product)) return Math.floor(product / whole);
  return Number((BigInt(total) * BigInt(part)) / BigInt(whole));
}

/**
 * The fee carried by items [from, to) of a lot of `quantity` items with `fee`, by cumulative rounding down:
 * floor(F·b/Q) − floor(F·a/Q). The parts taken by successive sales and the part still held therefore add up
 * to F exactly, whatever the split (the first item of a lot of 3 with fee 10 carries 3, the next 3, the last 4).
 */
export function feeShare(fee: number, quantity: number, from: number, to: number): number {
  return shareDown(fee, to, quantity) - shareDown(fee, from, quantity);
}

function byLotOrder(a: Holding, b: Holding): number {
  if (a.acquired !== b.acquired) {
    if (a.acquired === null) return 1;
    if (b.acquired === null) return -1;
    return a.acquired < b.acquired ? -1 : 1;
  }
  return a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function bySaleOrder(a: Sale, b: Sale): number {
  if (a.sold !== b.sold) return a.sold < b.sold ? -1 : 1;
  return a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function groupBy<T extends { game: number; name: string }>(list: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list) {
    const k = itemKey(x.game, x.name);
    const g = out.get(k);
    if (g) g.push(x);
    else out.set(k, [x]);
  }
  return out;
}

/** Cost of items [from, to) of a lot; null when its unit cost is unknown. */
function lotCost(h: Holding, from: number, to: number): number | null {
  if (h.unitCost === null) return null;
  return h.unitCost * (to - from) + feeShare(h.fee ?? 0, h.quantity, from, to);
}

export function buildLedger(holdings: readonly Holding[], sales: readonly Sale[]): Ledger {
  const lots = new Map<string, LotResult>();
  const saleResults = new Map<string, SaleResult>();
  const items = new Map<string, ItemResult>();
  let realised = 0;
  let realisedMissing = 0;
  const lotGroups = groupBy(holdings);
  const saleGroups = groupBy(sales);
  const keys = new Set([...lotGroups.keys(), ...saleGroups.keys()]);
  for (const key of keys) {
    const itemLots = [...(lotGroups.get(key) ?? [])].sort(byLotOrder);
    const itemSales = [...(saleGroups.get(key) ?? [])].sort(bySaleOrder);
    const first = itemLots[0] ?? itemSales[0];
    if (!first) continue;
    // Items of each lot already taken, in lot order.
    const used = itemLots.map(() => 0);
    let cursor = 0;
    const item: ItemResult = {
      game: first.game,
      name: first.name,
      held: 0,
      realised: 0,
      realisedMissing: 0,
      shortfall: 0,
    };
    for (const sale of itemSales) {
      let left = sale.quantity;
      const takes: LotTake[] = [];
      let costKnown = true;
      let cost = 0;
      while (left > 0 && cursor < itemLots.length) {
        const lot = itemLots[cursor] as Holding;
        const from = used[cursor] as number;
        const n = Math.min(left, lot.quantity - from);
        const c = lotCost(lot, from, from + n);
        takes.push({ holdingId: lot.id, quantity: n, cost: c });
        if (c === null) costKnown = false;
        else cost += c;
        used[cursor] = from + n;
        left -= n;
        if (used[cursor] === lot.quantity) cursor++;
      }
      const proceeds = sale.unitPrice * sale.quantity - (sale.fee ?? 0);
      const costBasis = costKnown && left === 0 ? cost : null;
      const result: SaleResult = {
        sale,
        takes,
        costBasis,
        proceeds,
        realised: costBasis === null ? null : proceeds - costBasis,
        shortfall: left,
      };
      saleResults.set(sale.id, result);
      item.shortfall += left;
      if (result.realised === null) item.realisedMissing++;
      else item.realised += result.realised;
    }
    itemLots.forEach((lot, i) => {
      const from = used[i] as number;
      const remaining = lot.quantity - from;
      lots.set(lot.id, { holding: lot, remaining, costBasis: lotCost(lot, from, lot.quantity) });
      item.held += remaining;
    });
    items.set(key, item);
    realised += item.realised;
    realisedMissing += item.realisedMissing;
  }
  return { lots, sales: saleResults, items, realised, realisedMissing };
}

/** The table's rows: one per holding (sold-out lots included, remaining 0), `known` from the catalog. */
export function holdingRows(
  ledger: Ledger,
  holdings: readonly Holding[],
  known: (name: string) => boolean,
): HoldingRow[] {
  return holdings.map((h) => {
    const lot = ledger.lots.get(h.id);
    return {
      holding: h,
      remaining: lot?.remaining ?? h.quantity,
      costBasis: lot ? lot.costBasis : null,
      known: known(h.name),
    };
  });
}

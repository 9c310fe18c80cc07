/**
 * The fast path for aggregatedMinPrices / aggregatedMaxOrders: JSON written straight from the columnar
 * snapshots, driven by a selection plan. Constant text (keys, market slugs, __typename) is pre-encoded per
 * requested market into templates; only integers and item names are written per cell.
 * Also the materializers (columns -> plain objects) used by graphql-js execution and the benchmarks.
 */
import type { AggregatedMaxOrders, AggregatedMinPrices } from '../../../shared/api/types';
import type { MaxOrderColumns, MinPriceColumns } from '../sim/types';
import type { ColumnResult } from './operations';
import type { ObjectPlan } from './plan';
import { packNames, utf8, type ByteWriter } from './writer';

/** Literal bytes interleaved with value slots: lits[0] op[0] lits[1] op[1] ... lits[n]. */
interface Template {
  lits: Uint8Array[];
  ops: number[];
}

class TemplateBuilder {
  private lits: string[] = [''];
  private ops: number[] = [];
  lit(s: string): void {
    this.lits[this.lits.length - 1] += s;
  }
  op(code: number): void {
    this.ops.push(code);
    this.lits.push('');
  }
  build(): Template {
    return { lits: this.lits.map(utf8), ops: this.ops };
  }
}

// Entry slots.
const E_OFFERS = 0;
const E_PRICE = 1;
const E_LOCKED = 2;
// Item slots: NAME, or ENTRIES + j (the j-th entries field of the item plan).
const I_NAME = 0;
const I_ENTRIES = 1;

const NULL = utf8('null');

function keyLit(first: boolean, key: string): string {
  return `${first ? '{' : ','}${JSON.stringify(key)}:`;
}

/** Entry template per requested market (the market slug is a literal). */
function entryTemplates(plan: ObjectPlan, slugs: readonly string[]): Template[] {
  return slugs.map((slug) => {
    const b = new TemplateBuilder();
    plan.fields.forEach((f, i) => {
      b.lit(keyLit(i === 0, f.key));
      switch (f.name) {
        case '__typename':
          b.lit(JSON.stringify(plan.type.name));
          break;
        case 'market_name':
          b.lit(JSON.stringify(slug));
          break;
        case 'offers':
          b.op(E_OFFERS);
          break;
        case 'price':
          b.op(E_PRICE);
          break;
        case 'price_locked':
          b.op(E_LOCKED);
          break;
        default:
          throw new Error(`unknown entry field ${f.name}`);
      }
    });
    b.lit(plan.fields.length === 0 ? '{}' : '}');
    return b.build();
  });
}

interface Compiled {
  item: Template;
  /** entries[j][k]: template of the j-th entries field for the k-th requested market. */
  entries: Template[][];
}

function compile(plan: ObjectPlan, entriesField: 'prices' | 'orders', slugs: readonly string[]): Compiled {
  const b = new TemplateBuilder();
  const entries: Template[][] = [];
  plan.fields.forEach((f, i) => {
    b.lit(keyLit(i === 0, f.key));
    if (f.name === '__typename') b.lit(JSON.stringify(plan.type.name));
    else if (f.name === 'market_hash_name') b.op(I_NAME);
    else if (f.name === entriesField && f.sub) {
      b.op(I_ENTRIES + entries.length);
      entries.push(entryTemplates(f.sub, slugs));
    } else throw new Error(`unknown item field ${f.name}`);
  });
  b.lit(plan.fields.length === 0 ? '{}' : '}');
  return { item: b.build(), entries };
}

type AnyColumns = MinPriceColumns | MaxOrderColumns;

/**
 * Returns a function writing item i (0 <= i < names.length) as JSON, with the selection `plan` of
 * AggregatedMinPrices / AggregatedMaxOrders.
 */
export function columnItemWriter(
  plan: ObjectPlan,
  result: ColumnResult<AnyColumns>,
  entriesField: 'prices' | 'orders',
): (w: ByteWriter, i: number) => void {
  const { columns, cols } = result;
  const slugs = cols.map((c) => columns.markets[c]!);
  const { item, entries } = compile(plan, entriesField, slugs);
  const names = packNames(columns.names);
  const nameBytes = names.bytes;
  const nameOff = names.offsets;
  const M = columns.markets.length;
  const K = cols.length;
  const colIdx = Int32Array.from(cols);
  const price = columns.price;
  const offers = columns.offers;
  const locked = 'priceLocked' in columns ? columns.priceLocked : null;
  const itemLits = item.lits;
  const itemOps = item.ops;
  const nItemOps = itemOps.length;

  const writeEntries = (w: ByteWriter, i: number, tpls: Template[]): void => {
    w.byte(91);
    const base = i * M;
    let first = true;
    for (let k = 0; k < K; k++) {
      const cell = base + colIdx[k]!;
      const p = price[cell]!;
      if (p < 0) continue;
      if (first) first = false;
      else w.byte(44);
      const t = tpls[k]!;
      const lits = t.lits;
      const ops = t.ops;
      w.bytes(lits[0]!);
      for (let o = 0; o < ops.length; o++) {
        const code = ops[o];
        if (code === E_PRICE) w.int(p);
        else if (code === E_OFFERS) w.int(offers[cell]!);
        else {
          const l = locked![cell]!;
          if (l < 0) w.bytes(NULL);
          else w.int(l);
        }
        w.bytes(lits[o + 1]!);
      }
    }
    w.byte(93);
  };

  return (w, i) => {
    w.bytes(itemLits[0]!);
    for (let o = 0; o < nItemOps; o++) {
      const code = itemOps[o]!;
      if (code === I_NAME) w.slice(nameBytes, nameOff[i]!, nameOff[i + 1]!);
      else writeEntries(w, i, entries[code - I_ENTRIES]!);
      w.bytes(itemLits[o + 1]!);
    }
  };
}

/** Item i of a min-prices result as a plain object with every field. */
export function minPriceItem(result: ColumnResult<MinPriceColumns>, i: number): AggregatedMinPrices {
  const { columns: c, cols } = result;
  const M = c.markets.length;
  const prices: AggregatedMinPrices['prices'] = [];
  for (const m of cols) {
    const cell = i * M + m;
    const p = c.price[cell]!;
    if (p < 0) continue;
    const l = c.priceLocked[cell]!;
    prices.push({ market_name: c.markets[m]!, offers: c.offers[cell]!, price: p, price_locked: l < 0 ? null : l });
  }
  return { market_hash_name: c.names[i]!, prices };
}

/** Item i of a max-orders result as a plain object with every field. */
export function maxOrderItem(result: ColumnResult<MaxOrderColumns>, i: number): AggregatedMaxOrders {
  const { columns: c, cols } = result;
  const M = c.markets.length;
  const orders: AggregatedMaxOrders['orders'] = [];
  for (const m of cols) {
    const cell = i * M + m;
    const p = c.price[cell]!;
    if (p < 0) continue;
    orders.push({ market_name: c.markets[m]!, offers: c.offers[cell]!, price: p });
  }
  return { market_hash_name: c.names[i]!, orders };
}

/** Plain objects with every field, as graphql-js's executor and JSON.stringify see them. */
export function materializeMinPrices(result: ColumnResult<MinPriceColumns>): AggregatedMinPrices[] {
  const n = result.columns.names.length;
  const out: AggregatedMinPrices[] = new Array<AggregatedMinPrices>(n);
  for (let i = 0; i < n; i++) out[i] = minPriceItem(result, i);
  return out;
}

export function materializeMaxOrders(result: ColumnResult<MaxOrderColumns>): AggregatedMaxOrders[] {
  const n = result.columns.names.length;
  const out: AggregatedMaxOrders[] = new Array<AggregatedMaxOrders>(n);
  for (let i = 0; i < n; i++) out[i] = maxOrderItem(result, i);
  return out;
}

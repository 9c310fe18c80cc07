/**
 * Writes one operation's result (a JSON array, one element per item) into a ByteWriter, driven by the
 * plan of the element type: the GraphQL selection, or every field for REST. Yields to the socket when it
 * pushes back, and stops when the client is gone.
 */
import { columnItemWriter, materializeMaxOrders, materializeMinPrices, maxOrderItem, minPriceItem } from './columns';
import { dirtyChoice, dirtyItem, type DirtyOperation, type DirtySpec } from './dirty';
import type { OperationResult } from './operations';
import { compileObjectWriter, type ObjectPlan, type ResolverLookup } from './plan';
import type { ByteWriter } from './writer';

/** Thrown when the client went away in the middle of an answer. */
export class ClientGone extends Error {
  constructor() {
    super('client closed the connection');
    this.name = 'ClientGone';
  }
}

type ElementWriter = { count: number; write: (w: ByteWriter, i: number) => void };

function elementWriter(r: OperationResult, plan: ObjectPlan): ElementWriter {
  switch (r.kind) {
    case 'minPrices':
      return { count: r.result.columns.names.length, write: columnItemWriter(plan, r.result, 'prices') };
    case 'maxOrders':
      return { count: r.result.columns.names.length, write: columnItemWriter(plan, r.result, 'orders') };
    case 'steamAnalytics': {
      const write = compileObjectWriter(plan, steamResolvers(r.gameId));
      const items = r.items;
      return { count: items.length, write: (w, i) => write(w, items[i]) };
    }
    case 'marketOrderAnalytics':
    case 'priceRecommendations': {
      const write = compileObjectWriter(plan);
      const items: readonly unknown[] = r.items;
      return { count: items.length, write: (w, i) => write(w, items[i]) };
    }
  }
}

/** The simulated market leaves game_id out of Steam analytics; it is the requested game. */
function steamResolvers(gameId: number): ResolverLookup {
  return (t, f) => (t === 'SteamAnalytics' && f === 'game_id' ? () => gameId : undefined);
}

/**
 * With dirty data on, items the fault picks go through the generic object writer as spoiled plain objects
 * (dirty.ts); the others keep the fast writer, so the clean bytes are the same as without the fault.
 */
function dirtyWriter(r: OperationResult, plan: ObjectPlan, clean: ElementWriter, spec: DirtySpec): ElementWriter {
  const op: DirtyOperation = r.kind;
  let nameOf: (i: number) => string;
  let itemOf: (i: number) => unknown;
  switch (r.kind) {
    case 'minPrices':
      nameOf = (i) => r.result.columns.names[i]!;
      itemOf = (i) => minPriceItem(r.result, i);
      break;
    case 'maxOrders':
      nameOf = (i) => r.result.columns.names[i]!;
      itemOf = (i) => maxOrderItem(r.result, i);
      break;
    default: {
      const items: readonly { market_hash_name: string }[] = r.items;
      nameOf = (i) => items[i]!.market_hash_name;
      itemOf = (i) => items[i];
    }
  }
  const slow = compileObjectWriter(plan, r.kind === 'steamAnalytics' ? steamResolvers(r.gameId) : undefined);
  return {
    count: clean.count,
    write: (w, i) => {
      const choice = dirtyChoice(spec, op, nameOf(i));
      if (choice === null) clean.write(w, i);
      else slow(w, dirtyItem(op, itemOf(i), choice));
    },
  };
}

/** Writes `[el,el,...]`; `dirty`: the dirty-data fault, when on. */
export async function writeResultArray(
  w: ByteWriter,
  r: OperationResult,
  plan: ObjectPlan,
  dirty: DirtySpec | null = null,
): Promise<void> {
  const clean = elementWriter(r, plan);
  const { count, write } = dirty && dirty.rate > 0 ? dirtyWriter(r, plan, clean, dirty) : clean;
  w.byte(91);
  for (let i = 0; i < count; i++) {
    if (i > 0) w.byte(44);
    write(w, i);
    if (w.blocked) {
      await w.drain();
      if (w.closed) throw new ClientGone();
    }
  }
  w.byte(93);
}

/** The result as plain objects with every field (graphql-js resolvers, JSON.stringify floors). */
export function materialize(r: OperationResult): unknown[] {
  switch (r.kind) {
    case 'minPrices':
      return materializeMinPrices(r.result);
    case 'maxOrders':
      return materializeMaxOrders(r.result);
    case 'steamAnalytics':
      return r.items.map((it) => ({
        market_hash_name: it.market_hash_name,
        game_id: r.gameId,
        sales: it.sales,
        listings: it.listings,
        buyOrders: it.buyOrders,
      }));
    case 'marketOrderAnalytics':
    case 'priceRecommendations':
      return [...r.items];
  }
}

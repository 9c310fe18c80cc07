/**
 * Writes one operation's result (a JSON array, one element per item) into a ByteWriter, driven by the
 * plan of the element type: the GraphQL selection, or every field for REST. Yields to the socket when it
 * pushes back, and stops when the client is gone.
 */
import { columnItemWriter, materializeMaxOrders, materializeMinPrices } from './columns';
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

function elementWriter(r: OperationResult, plan: ObjectPlan): { count: number; write: (w: ByteWriter, i: number) => void } {
  switch (r.kind) {
    case 'minPrices':
      return { count: r.result.columns.names.length, write: columnItemWriter(plan, r.result, 'prices') };
    case 'maxOrders':
      return { count: r.result.columns.names.length, write: columnItemWriter(plan, r.result, 'orders') };
    case 'steamAnalytics': {
      const gameId = r.gameId;
      // The simulated market leaves game_id out; it is the requested game.
      const resolvers: ResolverLookup = (t, f) => (t === 'SteamAnalytics' && f === 'game_id' ? () => gameId : undefined);
      const write = compileObjectWriter(plan, resolvers);
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

/** Writes `[el,el,...]`. */
export async function writeResultArray(w: ByteWriter, r: OperationResult, plan: ObjectPlan): Promise<void> {
  const { count, write } = elementWriter(r, plan);
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
    case 'minPrices': return materializeMinPrices(r.result);
    case 'maxOrders': return materializeMaxOrders(r.result);
    case 'steamAnalytics':
      return r.items.map((it) => ({
        market_hash_name: it.market_hash_name, game_id: r.gameId, sales: it.sales, listings: it.listings, buyOrders: it.buyOrders,
      }));
    case 'marketOrderAnalytics':
    case 'priceRecommendations':
      return [...r.items];
  }
}

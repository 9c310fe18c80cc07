/**
 * The valuation's look-ups (measures.ts RecLookup, SteamLookup) over what the market layer loads: the
 * recommendations list (columns, NaN = none) and the Steam analytics numbers of the held items.
 */
import { reasonCodes, type RecColumns } from '../../../market/recommendations/rec-columns';
import type { ItemValues } from '../../../market/worker/client';
import type { RecLookup, SteamLookup } from './measures';

/** The Steam analytics fields read per item, in this order (see measures.ts for why the latest median). */
export const STEAM_VALUE_PATHS = ['sales.latest_median_price_sold', 'sales.avg_daily_volume'] as const;

const finite = (v: number | undefined): number | null => (v !== undefined && Number.isFinite(v) ? v : null);

/** Name -> row of a recommendations list, built once per list. */
const recIndex = new WeakMap<RecColumns, Map<string, number>>();

export function recLookupOf(recs: RecColumns): RecLookup {
  let index = recIndex.get(recs);
  if (!index) {
    index = new Map();
    const names = recs.names;
    for (let i = names.length - 1; i >= 0; i--) index.set(names[i] as string, i);
    recIndex.set(recs, index);
  }
  const map = index;
  const unknown = new Map(recs.unknownReasons);
  return {
    suggested(name) {
      const i = map.get(name);
      if (i === undefined) return null;
      return { price: finite(recs.suggested[i]), reasons: reasonCodes(recs, unknown, i) };
    },
  };
}

/** `items` in the order they were asked for (ItemValues' order). */
export function steamLookupOf(items: readonly string[], v: ItemValues): SteamLookup {
  const index = new Map<string, number>();
  items.forEach((name, i) => index.set(name, i));
  const [median, volume] = v.values;
  return {
    get(name) {
      const i = index.get(name);
      if (i === undefined || v.found[i] !== 1) return null;
      return { medianLatest: finite(median?.[i]), avgDailyVolume: finite(volume?.[i]) };
    },
  };
}

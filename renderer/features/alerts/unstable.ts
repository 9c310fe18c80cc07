/**
 * Is an item flagged unstable by the recommendations? Read-only, cheapest first: the Recommendations page's
 * loaded list (react-query cache, any type and markets), else the detail panel's one-item look-up (the data
 * worker fetches the game's recommendations once per data source and picks the item). Asked only when an
 * alert fires, and for the Alerts page's rows. Resolves with the reason codes ([] = stable), or null when
 * it can't be known (no recommendations for the game, the item not in them, the look-up failed or took
 * longer than LOOKUP_TIMEOUT_MS).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Client } from 'urql';
import { UNSTABLE_REASONS } from '../../../shared/api/schema';
import { PRICE_RECOMMENDATION_GAMES, isGameId } from '../../../shared/catalog/games';
import { runInWorker } from '../../api/worker-exchange';
import { ITEM_RECOMMENDATION } from '../../market/api/documents';
import { itemLookupRun } from '../../market/worker/client';
import { REASON_BIT, UNREADABLE_REASONS_BIT, type RecColumns } from '../../market/recommendations/rec-columns';
import { isRecColumns } from '../../market/recommendations/rec-guard';
import { QUERY_KEYS } from '../../market/query-keys';

const LOOKUP_TIMEOUT_MS = 10_000;

export type UnstableLookup = (game: number, item: string) => Promise<string[] | null>;

const nameIndex = new WeakMap<RecColumns, Map<string, number>>();

function indexOf(recs: RecColumns, name: string): number {
  let m = nameIndex.get(recs);
  if (!m) {
    m = new Map();
    for (let i = recs.names.length - 1; i >= 0; i--) m.set(recs.names[i] as string, i);
    nameIndex.set(recs, m);
  }
  return m.get(name) ?? -1;
}

/** The reason codes of one item of a loaded recommendations list; null when not in it or unreadable. */
export function reasonsFromColumns(recs: RecColumns, name: string): string[] | null {
  const i = indexOf(recs, name);
  if (i < 0) return null;
  const bits = recs.reasons[i] ?? 0;
  if (bits & UNREADABLE_REASONS_BIT) return null;
  const codes: string[] = UNSTABLE_REASONS.filter((r) => (bits & REASON_BIT[r]) !== 0);
  for (const [item, extra] of recs.unknownReasons) if (item === i) codes.push(...extra);
  return codes;
}

export function createUnstableLookup(deps: {
  queryClient: QueryClient;
  client: Client;
  source: string;
  timeoutMs?: number;
}): UnstableLookup {
  return async (game, item) => {
    for (const [, data] of deps.queryClient.getQueriesData({
      queryKey: [QUERY_KEYS.recommendations, deps.source, game],
    })) {
      if (isRecColumns(data) && data.game === game) {
        const codes = reasonsFromColumns(data, item);
        if (codes) return codes;
      }
    }
    if (!isGameId(game) || !PRICE_RECOMMENDATION_GAMES.includes(game)) return null;
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), deps.timeoutMs ?? LOOKUP_TIMEOUT_MS);
    try {
      const data = await runInWorker(
        deps.client,
        ITEM_RECOMMENDATION,
        { game_id: game, item },
        itemLookupRun({ source: deps.source, epoch: 0 }),
        { signal: ac.signal },
      );
      const row = data.row;
      return row ? row.unstable_reasons.filter((r): r is string => typeof r === 'string') : null;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

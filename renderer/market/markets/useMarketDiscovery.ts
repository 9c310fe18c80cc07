/**
 * The app's market discovery (market-discovery.ts) for the current data source, as React sees it.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useDataSource } from '../providers';
import { MarketDiscovery, type NameState, type RunProgress } from './market-discovery';
import { httpProbe, type ProbedOperation } from './probe';

export const marketDiscovery = new MarketDiscovery({ probe: (op, game, stats) => httpProbe(op, game, stats) });

export interface DiscoveryView {
  source: string | null;
  game: number;
  refused(op: ProbedOperation): ReadonlySet<string>;
  stateOf(op: ProbedOperation, name: string): NameState;
  progress: RunProgress[];
  checkedAt(op: ProbedOperation): number | null;
  /** A refusal is being looked into: price loads wait for what it finds. */
  investigating: boolean;
  /** The most market names this service takes in one request, or null when no limit was seen. */
  limit(op: ProbedOperation): number | null;
  /** Why the last check could not finish (offline, key rejected…), if it failed. */
  error: unknown;
}

export function useMarketDiscovery(game: number): DiscoveryView {
  const { sourceKey } = useDataSource();
  const version = useSyncExternalStore(
    (l) => marketDiscovery.subscribe(l),
    () => marketDiscovery.snapshot(),
  );
  useEffect(() => marketDiscovery.abortOthers(sourceKey), [sourceKey]);
  return useMemo(() => {
    const refused = new Map<ProbedOperation, ReadonlySet<string>>();
    const last = marketDiscovery.lastError;
    return {
      source: sourceKey,
      game,
      refused: (op) => {
        let s = refused.get(op);
        if (!s) refused.set(op, (s = marketDiscovery.refused(sourceKey, game, op)));
        return s;
      },
      stateOf: (op, name) => marketDiscovery.nameState(sourceKey, game, op, name),
      progress: marketDiscovery.progress(sourceKey, game),
      limit: (op) => marketDiscovery.limit(sourceKey, game, op),
      investigating: marketDiscovery.investigating(sourceKey, game),
      checkedAt: (op) =>
        sourceKey === null ? null : (marketDiscovery.opState(sourceKey, game, op)?.checkedAt ?? null),
      error: last && last.source === sourceKey && last.game === game ? last.error : null,
    };
    // version: a new view whenever discovery changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, sourceKey, game]);
}

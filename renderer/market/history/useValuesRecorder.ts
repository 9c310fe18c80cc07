/**
 * Records another stream's values (the Steam analytics medians, steam.ts) into the price history once per
 * load: after paint and idle. A load is named by an id that changes only with a
 * fresh answer (its fetch time is part of it), so a cache replay of the same answer records nothing.
 *
 *   useValuesRecorder(catalog ? `${catalog.key}|${catalog.fetchedAt}` : null, () => worker.steamMedians(…));
 */
import { useEffect, useRef } from 'react';
import { usePref } from '../../lib/preferences';
import { history } from './client';
import type { ValuesInput } from './recorder';
import { HISTORY_PREFS, readLimits } from './prefs';
import { steamMedians } from './steam';
import type { SteamAnalyticsRow } from '../../../shared/api/types';
import { whenIdle } from '../../lib/idle';
import { setNotice } from '../../lib/storage/status';
import { errorText } from '../../lib/storage/versioned-db';

/** Loads recorded (or scheduled to be) in this window. */
const recorded = new Set<string>();

/**
 * `id`: the load (null: nothing loaded); `load`: its values, made when it is recorded (null: none). A load
 * is scheduled once and recorded even if the view closes meanwhile (its values are still the load's).
 */
export function useValuesRecorder(
  id: string | null,
  load: () => Promise<ValuesInput | null> | ValuesInput | null,
): void {
  const [enabled] = usePref(HISTORY_PREFS.enabled);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    if (!enabled || id === null || recorded.has(id)) return;
    recorded.add(id);
    const make = latest.current; // this render's: it belongs to `id`
    const run = () => {
      Promise.resolve()
        .then(make)
        .then(
          (v) => (v ? history.record(v, readLimits()) : null),
          (e: unknown) =>
            setNotice('history-write', `Could not record the Steam medians in the price history: ${errorText(e)}.`),
        )
        // A failed record is shown by the client (the 'history-write' notice: status bar and Settings).
        .catch(() => undefined);
    };
    // After paint and idle (the catalog's medians are made in the analytics worker, then recorded in the history worker).
    whenIdle(run, 2000);
  }, [id, enabled]);
}

/** One item's Steam analytics as the detail panel loaded them (`at`: when that answer was fetched). */
export function useItemMediansRecorder(game: number, row: SteamAnalyticsRow | null, at: number | null): void {
  useValuesRecorder(row && at ? `item|${game}|${row.market_hash_name}|${at}` : null, () =>
    row && at ? steamMedians(game, at, [row]) : null,
  );
}

/**
 * The Price history card's model: the limits (stored preferences, applied to the store at once), the size
 * limit as typed, the storage used and the browser's estimate of all of Market Desk's storage.
 */
import { useEffect, useState } from 'react';
import { usePref } from '../../lib/preferences';
import { DAY } from '../../market/history/chunk-codec';
import { history, useHistoryVersion } from '../../market/history/client';
import { HISTORY_PREFS, RETENTION_CHOICES, readLimits } from '../../market/history/prefs';
import type { Usage } from '../../market/history/store';

/** The size limit's bounds in MB (the field's min and max). */
export const CAP_MIN = 10;
export const CAP_MAX = 100_000;

export function useHistorySettings() {
  const [enabled, setEnabled] = usePref(HISTORY_PREFS.enabled);
  const [days, setDays] = usePref(HISTORY_PREFS.retentionDays);
  const [capMb, setCapMbPref] = usePref(HISTORY_PREFS.capMb);
  const [capText, setCapText] = useState(String(capMb));
  const [fullHours, setFullHours] = usePref(HISTORY_PREFS.fullHours);
  const [dailyAfterDays, setDailyAfterDays] = usePref(HISTORY_PREFS.dailyAfterDays);
  const [usage, setUsage] = useState<Usage | null>(null);
  const [estimate, setEstimate] = useState<number | null>(null);
  const version = useHistoryVersion();

  useEffect(() => {
    let live = true;
    history.usage().then(
      (u) => live && setUsage(u),
      () => live && setUsage(null),
    );
    void navigator.storage?.estimate?.().then((e) => live && setEstimate(e.usage ?? null));
    return () => {
      live = false;
    };
  }, [version]);

  // A shorter retention or a lower cap applies at once.
  useEffect(() => {
    void history.enforce(readLimits()).catch(() => undefined);
  }, [days, capMb]);
  // And a shorter full-resolution time consolidates what is older than it.
  useEffect(() => {
    void history.consolidate(undefined, fullHours * 3_600_000, dailyAfterDays * DAY).catch(() => undefined);
  }, [fullHours, dailyAfterDays]);

  const retentionChoices: readonly number[] = (RETENTION_CHOICES as readonly number[]).includes(days)
    ? RETENTION_CHOICES
    : [...RETENTION_CHOICES, days].sort((a, b) => a - b);

  return {
    enabled,
    setEnabled,
    days,
    setDays,
    retentionChoices,
    capMb,
    capText,
    setCapText,
    /** A limit chosen by a button: stored, and shown in the field. */
    setCapMb: (v: number) => {
      setCapMbPref(v);
      setCapText(String(v));
    },
    /** The typed limit, on leaving the field: stored when in bounds, else the field shows the stored one again. */
    commitCapText: () => {
      const v = Math.round(Number(capText));
      if (Number.isFinite(v) && v >= CAP_MIN && v <= CAP_MAX) setCapMbPref(v);
      else setCapText(String(capMb));
    },
    fullHours,
    setFullHours,
    dailyAfterDays,
    setDailyAfterDays,
    usage,
    estimate,
  };
}

export type HistorySettingsModel = ReturnType<typeof useHistorySettings>;

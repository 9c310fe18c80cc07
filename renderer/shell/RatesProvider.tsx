/**
 * Fills RatesContext (renderer/platform/rates-context.ts) from the host: the snapshot read once, then kept
 * current from the host's pushes (a fetch, its failure, a settings change); the two actions pass through to
 * the host and take its answer as the new snapshot. A host without rates (an older desktop preload) leaves the
 * snapshot null: conversion then has no rates, and Settings says why.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RatesSnapshot } from '../../shared/rates/types';
import type { PlatformApi } from '../platform';
import { RatesContext, type RatesContextValue } from '../platform/rates-context';

export function RatesProvider({ api, children }: { api: PlatformApi; children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<RatesSnapshot | null>(null);
  /**
   * Pushes heard so far. The host pushes every change, in order; an answer (to the first read or an action) may
   * arrive after a push of a newer state (the fetch an action started can finish before its answer is read), so
   * an answer is taken only when no push came while it was on its way.
   */
  const pushes = useRef(0);

  useEffect(() => {
    let live = true;
    const off = api.onRates((s) => {
      pushes.current += 1;
      if (live) setSnapshot(s);
    });
    const before = pushes.current;
    api.getRates().then(
      (s) => {
        if (live && pushes.current === before) setSnapshot(s);
      },
      () => undefined,
    );
    return () => {
      live = false;
      off();
    };
  }, [api]);

  const value = useMemo<RatesContextValue>(() => {
    const answered = async (ask: () => Promise<RatesSnapshot>): Promise<RatesSnapshot> => {
      const before = pushes.current;
      const next = await ask();
      if (pushes.current === before) setSnapshot(next);
      return next;
    };
    return {
      snapshot,
      setSettings: (request) => answered(() => api.setRatesSettings(request)),
      refresh: () => answered(() => api.refreshRates()),
    };
  }, [api, snapshot]);

  return <RatesContext.Provider value={value}>{children}</RatesContext.Provider>;
}

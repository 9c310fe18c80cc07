/**
 * Fills RatesContext (renderer/platform/rates-context.ts) from the host: the snapshot read once, then kept
 * current from the host's pushes (a fetch, its failure, a settings change); the two actions pass through to
 * the host and take its answer as the new snapshot. A host without rates (an older desktop preload) leaves the
 * snapshot null: conversion then has no rates, and Settings says why.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RatesSnapshot } from '../../shared/rates/types';
import type { PlatformApi } from '../platform';
import { RatesContext, type RatesContextValue } from '../platform/rates-context';

export function RatesProvider({ api, children }: { api: PlatformApi; children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<RatesSnapshot | null>(null);

  useEffect(() => {
    let live = true;
    // A push newer than the first read wins over it.
    let pushed = false;
    const off = api.onRates((s) => {
      pushed = true;
      if (live) setSnapshot(s);
    });
    api.getRates().then(
      (s) => {
        if (live && !pushed) setSnapshot(s);
      },
      () => undefined,
    );
    return () => {
      live = false;
      off();
    };
  }, [api]);

  const value = useMemo<RatesContextValue>(
    () => ({
      snapshot,
      async setSettings(request) {
        const next = await api.setRatesSettings(request);
        setSnapshot(next);
        return next;
      },
      async refresh() {
        const next = await api.refreshRates();
        setSnapshot(next);
        return next;
      },
    }),
    [api, snapshot],
  );

  return <RatesContext.Provider value={value}>{children}</RatesContext.Provider>;
}

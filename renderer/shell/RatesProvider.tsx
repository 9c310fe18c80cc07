/**
 * Fills RatesContext (renderer/platform/rates-context.ts) from the host through a RatesSync (rates-sync.ts):
 * the snapshot read once, then kept current from the host's pushes (a fetch, its failure, a settings change);
 * the two actions pass through to the host. A host without rates (an older desktop preload) leaves the
 * snapshot null: conversion then has no rates, and Settings says so.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RatesSnapshot } from '../../shared/rates/types';
import type { PlatformApi } from '../platform';
import { RatesContext, type RatesContextValue } from '../platform/rates-context';
import { RatesSync } from './rates-sync';

export function RatesProvider({ api, children }: { api: PlatformApi; children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<RatesSnapshot | null>(null);
  const sync = useMemo(() => new RatesSync(api, setSnapshot), [api]);
  useEffect(() => sync.start(), [sync]);

  const value = useMemo<RatesContextValue>(
    () => ({
      snapshot,
      setSettings: (request) => sync.setSettings(request),
      refresh: () => sync.refresh(),
    }),
    [sync, snapshot],
  );

  return <RatesContext.Provider value={value}>{children}</RatesContext.Provider>;
}

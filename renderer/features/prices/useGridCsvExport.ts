/**
 * The grid's CSV export: the rows in sight order (filters applied) with exact decimals, streamed to the
 * host block by block with a yield between blocks (grid-export.ts: no file in memory, no size cap; a 37k-row
 * export never blocks the UI for long). The returned function's identity is stable: the toolbar holding
 * it need not re-render per keystroke.
 */
import { useState } from 'react';
import { GAMES } from '../../../shared/catalog/games';
import { describeError } from '../../platform';
import { useConnection } from '../../platform/connection';
import { nextTask } from '../../lib/next-task';
import { useMoneyFormat } from '../../lib/preferences';
import { useStableCallback } from '../../lib/useStableCallback';
import type { GridColumn } from './grid-columns';
import { exportGridCsv } from './grid-export';
import type { Derived } from '../../market/model/derived-columns';
import type { Snapshot } from '../../market/model/snapshot';

export interface GridCsvSource {
  game: number;
  snap: Snapshot | null;
  derived: Derived | null;
  columns: readonly GridColumn[];
  view: Int32Array;
  net: boolean;
  nameOf(slug: string): string;
  announce(text: string): void;
}

export function useGridCsvExport(src: GridCsvSource): { exporting: boolean; exportCsv(): void } {
  const { api } = useConnection();
  const [exporting, setExporting] = useState(false);
  // Shown in another currency: the export adds the converted figures, the rate and its date.
  const { conversion } = useMoneyFormat();
  const exportCsv = useStableCallback(() => {
    const { snap, derived, columns, view, net, nameOf, game, announce } = src;
    if (!snap || !derived || exporting) return;
    setExporting(true);
    void (async () => {
      try {
        const ctx = {
          snap,
          d: derived,
          askCols: columns.flatMap((c) => (c.kind === 'market' && c.k !== undefined ? [c.k] : [])),
          marketName: nameOf,
          net,
          currency: conversion ?? null,
        };
        const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
        const stem = `market-desk-${GAMES.find((g) => g.id === game)?.key ?? game}-${stamp}`;
        const done = await exportGridCsv(api, { ctx, view, stem }, nextTask);
        const rows = `${view.length.toLocaleString('en-US')} rows as CSV`;
        announce(!done ? 'Export cancelled' : done.path ? `Exported ${rows} to ${done.path}` : `Exported ${rows}`);
      } catch (e) {
        announce(`Could not export: ${describeError(e)}`);
      } finally {
        setExporting(false);
      }
    })();
  });
  return { exporting, exportCsv };
}

/**
 * The list's CSV export: the rows shown, in their order, with exact decimals, streamed to the host a
 * block of rows at a time with a yield between blocks (the history exports' path, export/text-file.ts:
 * desktop, the save dialog for that one file; web, a download; no file in memory, no size cap). The result is the page's message. The returned
 * function's identity is stable: the toolbar holding it need not re-render per keystroke.
 */
import { useState } from 'react';
import type { RecommendationType } from '../../../shared/api/schema';
import { GAMES } from '../../../shared/catalog/games';
import { describeError } from '../../platform';
import { useConnection } from '../../platform/connection';
import { nextTask } from '../../lib/next-task';
import { useStableCallback } from '../../lib/useStableCallback';
import { exportCsvToHost } from '../../market/history/export/text-file';
import type { Derived } from '../../market/model/derived-columns';
import type { Snapshot } from '../../market/model/snapshot';
import type { RecJoin } from '../../market/recommendations/join';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import type { RecFilter } from '../../market/recommendations/view';
import { recCsvChunks } from './model/csv';
import { useMoneyFormat } from '../../lib/preferences';
import type { RecMessage } from './useRecMessage';

export interface RecCsvSource {
  game: number;
  type: RecommendationType;
  markets: readonly string[];
  recs: RecColumns | null;
  join: RecJoin | null;
  snap: Snapshot | null;
  netDerived: Derived | null;
  net: boolean;
  nameOf(slug: string): string;
  view: Int32Array;
  filter: RecFilter;
  /** When the list was loaded (names the file). */
  updatedAt: number;
  setMessage(message: RecMessage | null): void;
}

/** Rows a block of the CSV. */
const BLOCK_ROWS = 1500;

export function useRecCsvExport(src: RecCsvSource): { exporting: boolean; exportCsv(): Promise<void> } {
  const [exporting, setExporting] = useState(false);
  const { api } = useConnection();
  const { conversion } = useMoneyFormat();
  const exportCsv = useStableCallback(async () => {
    const { game, type, markets, recs, join, snap, netDerived, net, nameOf, view, filter, updatedAt, setMessage } = src;
    if (!recs) return;
    setExporting(true);
    setMessage(null);
    try {
      const stamp = new Date(updatedAt || Date.now()).toISOString().slice(0, 16).replace(/[:T]/g, '-');
      const gameKey = GAMES.find((g) => g.id === game)?.key ?? String(game);
      const stem = `market-desk-recommendations-${gameKey}-${type}${markets.length ? `-${markets.length}-markets` : ''}${filter.deal ? `-${filter.deal.side}-deals` : ''}-${stamp}`;
      const blocks = recCsvChunks(
        { recs, join, snap, netDerived, net, marketName: nameOf, currency: conversion ?? null },
        view,
        BLOCK_ROWS,
      );
      const result = await exportCsvToHost(api, stem, blocks, { rows: view.length, blockRows: BLOCK_ROWS }, nextTask);
      if (!result) setMessage({ text: 'Export cancelled.', tone: 'info' });
      else
        setMessage({
          text: `${result.path ? `Saved to ${result.path}` : `Downloaded ${result.file}`}: ${view.length.toLocaleString('en-US')} rows.`,
          tone: 'ok',
        });
    } catch (e) {
      setMessage({ text: `Could not export: ${describeError(e)}`, tone: 'error' });
    } finally {
      setExporting(false);
    }
  });
  return { exporting, exportCsv };
}

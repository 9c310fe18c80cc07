/**
 * The list's CSV export: the rows shown, in their order, with exact decimals, written in chunks with a
 * yield between them (a 37k-row export never blocks the UI for long), then saved through the host (a
 * save dialog on the desktop, a download on the web). The result is the page's message. The returned
 * function's identity is stable: the toolbar holding it need not re-render per keystroke.
 */
import { useState } from 'react';
import type { RecommendationType } from '../../../shared/api/schema';
import { GAMES } from '../../../shared/catalog/games';
import { CSV_BOM } from '../../../shared/csv/csv';
import { describeError } from '../../platform';
import { useConnection } from '../../platform/connection';
import { useStableCallback } from '../../lib/useStableCallback';
import type { Derived } from '../../market/model/derived-columns';
import type { Snapshot } from '../../market/model/snapshot';
import type { RecJoin } from '../../market/recommendations/join';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import type { RecFilter } from '../../market/recommendations/view';
import { recCsvChunks } from './model/csv';
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

export function useRecCsvExport(src: RecCsvSource): { exporting: boolean; exportCsv(): Promise<void> } {
  const [exporting, setExporting] = useState(false);
  const { api } = useConnection();
  const exportCsv = useStableCallback(async () => {
    const { game, type, markets, recs, join, snap, netDerived, net, nameOf, view, filter, updatedAt, setMessage } = src;
    if (!recs) return;
    setExporting(true);
    setMessage(null);
    try {
      const parts: string[] = [CSV_BOM];
      for (const chunk of recCsvChunks({ recs, join, snap, netDerived, net, marketName: nameOf }, view, 1500)) {
        parts.push(chunk);
        // Yield between chunks: a 37k-row export never blocks the UI for long.
        await new Promise((r) => setTimeout(r, 0));
      }
      const bytes = new TextEncoder().encode(parts.join(''));
      const stamp = new Date(updatedAt || Date.now()).toISOString().slice(0, 16).replace(/[:T]/g, '-');
      const gameKey = GAMES.find((g) => g.id === game)?.key ?? String(game);
      const name = `market-desk-recommendations-${gameKey}-${type}${markets.length ? `-${markets.length}-markets` : ''}${filter.deal ? `-${filter.deal.side}-deals` : ''}-${stamp}.csv`;
      const result = await api.saveFile({ suggestedName: name, mime: 'text/csv', bytes });
      if (!result.saved) setMessage({ text: 'Export cancelled.', tone: 'info' });
      else setMessage({ text: `${result.path ? `Saved to ${result.path}` : `Downloaded ${name}`}: ${view.length.toLocaleString('en-US')} rows.`, tone: 'ok' });
    } catch (e) {
      setMessage({ text: `Could not export: ${describeError(e)}`, tone: 'error' });
    } finally {
      setExporting(false);
    }
  });
  return { exporting, exportCsv };
}

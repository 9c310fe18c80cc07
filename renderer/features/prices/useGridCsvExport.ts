/**
 * The grid's CSV export: the rows in sight order (filters applied) with exact decimals, written in
 * chunks with a yield between them (a 37k-row export never blocks the UI for long), then downloaded.
 * The returned function's identity is stable: the toolbar holding it need not re-render per keystroke.
 */
import { useState } from 'react';
import { GAMES } from '../../../shared/catalog/games';
import { CSV_BOM } from '../../../shared/csv/csv';
import { useStableCallback } from '../../lib/useStableCallback';
import type { GridColumn } from './grid-columns';
import { csvChunks } from './model/csv';
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
  const [exporting, setExporting] = useState(false);
  const exportCsv = useStableCallback(() => {
    const { snap, derived, columns, view, net, nameOf, game, announce } = src;
    if (!snap || !derived || exporting) return;
    setExporting(true);
    void (async () => {
      try {
        const parts: string[] = [CSV_BOM];
        const ctx = { snap, d: derived, askCols: columns.flatMap((c) => (c.kind === 'market' && c.k !== undefined ? [c.k] : [])), marketName: nameOf, net };
        for (const chunk of csvChunks(ctx, view, 1500)) {
          parts.push(chunk);
          await new Promise((r) => setTimeout(r, 0));
        }
        const blob = new Blob(parts, { type: 'text/csv;charset=utf-8' });
        const url = URL.createObjectURL(blob);
        const a = document.createElement('a');
        const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
        a.href = url;
        a.download = `market-desk-${GAMES.find((g) => g.id === game)?.key ?? game}-${stamp}.csv`;
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        announce(`Exported ${view.length.toLocaleString('en-US')} rows as CSV`);
      } catch (e) {
        announce(`Could not export: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        setExporting(false);
      }
    })();
  });
  return { exporting, exportCsv };
}

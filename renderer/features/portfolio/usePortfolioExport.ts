/**
 * The page's exports, saved through the host as the other exports are (a save dialog on the desktop, a
 * download on the web): the game's holdings and sales as CSV, and the whole portfolio (every game) as a
 * backup file. The result is a sentence for the page.
 */
import { useState } from 'react';
import { GAMES } from '../../../shared/catalog/games';
import { useConnection } from '../../platform/connection';
import { backupFileName, backupText, makeBackup } from './model/backup';
import { holdingsCsv, salesCsv } from './model/export-csv';
import type { Ledger } from './model/ledger';
import type { Holding, HoldingRow, Sale } from './model/types';

export interface ExportSource {
  game: number;
  rows: readonly HoldingRow[];
  ledger: Ledger;
  saleIds: readonly string[];
  all: { holdings: readonly Holding[]; sales: readonly Sale[] };
  marketName(slug: string): string;
}

export type ExportKind = 'holdings' | 'sales' | 'backup';

export function usePortfolioExport(src: ExportSource): {
  exporting: boolean;
  message: { text: string; tone: 'ok' | 'info' | 'error' } | null;
  run(kind: ExportKind): Promise<void>;
  clear(): void;
} {
  const { api } = useConnection();
  const [exporting, setExporting] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'info' | 'error' } | null>(null);
  const run = async (kind: ExportKind) => {
    setExporting(true);
    setMessage(null);
    const now = Date.now();
    const stamp = new Date(now).toISOString().slice(0, 16).replace(/[:T]/g, '-');
    const gameKey = GAMES.find((g) => g.id === src.game)?.key ?? String(src.game);
    try {
      let text: string;
      let name: string;
      let mime: string;
      let what: string;
      if (kind === 'backup') {
        text = backupText(makeBackup(src.all.holdings, src.all.sales, now));
        name = backupFileName(now);
        mime = 'application/json';
        what = `${src.all.holdings.length} holdings and ${src.all.sales.length} sales, every game`;
      } else if (kind === 'holdings') {
        text = holdingsCsv(src.rows, { marketName: src.marketName });
        name = `market-desk-holdings-${gameKey}-${stamp}.csv`;
        mime = 'text/csv';
        what = `${src.rows.length} holdings`;
      } else {
        text = salesCsv(src.ledger, src.saleIds, { marketName: src.marketName });
        name = `market-desk-sales-${gameKey}-${stamp}.csv`;
        mime = 'text/csv';
        what = `${src.saleIds.length} sales`;
      }
      const result = await api.saveFile({ suggestedName: name, mime, bytes: new TextEncoder().encode(text) });
      if (!result.saved) setMessage({ text: 'Export cancelled.', tone: 'info' });
      else
        setMessage({ text: `${result.path ? `Saved to ${result.path}` : `Downloaded ${name}`}: ${what}.`, tone: 'ok' });
    } catch (e) {
      setMessage({ text: `The export failed: ${e instanceof Error ? e.message : String(e)}`, tone: 'error' });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, message, run, clear: () => setMessage(null) };
}

/**
 * "Export valuations (CSV)": the valued rows as valuations.csv builds them, saved through the host (a save
 * dialog on the desktop, a download on the web), as the other exports do. The result is a message for the
 * page (saved, cancelled, or what went wrong: never only logged).
 */
import { useMoneyFormat } from '../../../lib/preferences';
import { useState } from 'react';
import { GAMES } from '../../../../shared/catalog/games';
import { useStableCallback } from '../../../lib/useStableCallback';
import { describeError } from '../../../platform';
import { useConnection } from '../../../platform/connection';
import type { ValuedRow } from './columns';
import { valuationsCsv } from './csv';

export interface ExportMessage {
  text: string;
  tone: 'ok' | 'info' | 'error';
}

export function useValuationsExport(src: {
  game: number;
  rows: readonly ValuedRow[];
  net: boolean;
  nameOf(slug: string): string;
}): {
  exporting: boolean;
  message: ExportMessage | null;
  exportCsv(): Promise<void>;
} {
  const { api } = useConnection();
  const { conversion } = useMoneyFormat();
  const [exporting, setExporting] = useState(false);
  const [message, setMessage] = useState<ExportMessage | null>(null);
  const exportCsv = useStableCallback(async () => {
    const { game, rows, net, nameOf } = src;
    setExporting(true);
    setMessage(null);
    try {
      const bytes = new TextEncoder().encode(valuationsCsv(rows, { net, nameOf, currency: conversion ?? null }));
      const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
      const gameKey = GAMES.find((g) => g.id === game)?.key ?? String(game);
      const name = `market-desk-portfolio-valuations-${gameKey}${net ? '-net' : ''}-${stamp}.csv`;
      const result = await api.saveFile({ suggestedName: name, mime: 'text/csv', bytes });
      const count = rows.filter((r) => r.remaining > 0).length;
      if (!result.saved) setMessage({ text: 'Export cancelled.', tone: 'info' });
      else
        setMessage({
          text: `${result.path ? `Saved to ${result.path}` : `Downloaded ${name}`}: ${count.toLocaleString('en-US')} holdings.`,
          tone: 'ok',
        });
    } catch (e) {
      setMessage({ text: `Could not export the valuations: ${describeError(e)}`, tone: 'error' });
    } finally {
      setExporting(false);
    }
  });
  return { exporting, message, exportCsv };
}

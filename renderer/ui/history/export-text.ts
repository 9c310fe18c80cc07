/** The history export's words and names: the folder it writes, its estimate and progress lines, its provenance context. */
import { gameName } from '../../../shared/catalog/games';
import type { CurrencyView } from '../../market/currency/context';
import type { ExportContext } from '../../market/history/export-run';
import type { ExportSelection } from '../../market/history/export-rows';
import type { ExportEstimate } from '../../market/history/export/estimate';
import type { StreamProgress } from '../../market/history/export/stream-export';

/** A folder name the host accepts (letters, digits, dash). */
export function folderName(sel: ExportSelection, at: number): string {
  const d = new Date(at).toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const what =
    sel.names && sel.names.length === 1
      ? (sel.names[0] ?? '')
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 40)
      : `game-${sel.game}`;
  return `price-history-${what || 'item'}-${d}`;
}

/** "123,456 rows, 12.3 MB written, about 40 s left" */
export function progressText(p: StreamProgress): string {
  const left =
    p.etaMs === null
      ? ''
      : p.etaMs < 1500
        ? ', almost done'
        : `, about ${p.etaMs < 90_000 ? `${Math.round(p.etaMs / 1000)} s` : `${Math.round(p.etaMs / 60_000)} min`} left`;
  return `Exporting: ${p.rows.toLocaleString('en-US')} rows, ${(p.bytes / 1e6).toFixed(1)} MB written${left}…`;
}

/** "about 1,234,567 rows, about 130 MB" */
export function estimateText(e: ExportEstimate): string {
  return `about ${e.rows.toLocaleString('en-US')} rows, about ${e.bytes < 1e9 ? `${Math.max(1, Math.round(e.bytes / 1e6))} MB` : `${(e.bytes / 1e9).toFixed(1)} GB`}`;
}

/** What provenance.json says of the export: the service, the game, the polling interval, the time, the currency. */
export function exportContext(
  sourceKey: string | null,
  game: number,
  refreshSeconds: number,
  at: number,
  currency: CurrencyView,
): ExportContext {
  return {
    service:
      sourceKey === 'demo' ? 'demo (the embedded reference service)' : (sourceKey?.replace(/^live\|/, '') ?? 'unknown'),
    gameName: gameName(game),
    pollingIntervalMs: refreshSeconds > 0 ? refreshSeconds * 1000 : null,
    at,
    // Shown in another currency: each row's price at its own day's rate too (stream-export.ts).
    ...(currency.converting && currency.current
      ? {
          currency: {
            service: currency.service,
            display: currency.display,
            days: [...currency.days],
            manual: [...currency.manual],
          },
        }
      : {}),
  };
}

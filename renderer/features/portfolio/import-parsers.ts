/**
 * The import parsers the dialogs use, behind one small interface: the CSV, Steam inventory JSON and pasted
 * list readers of model/import/, each giving an ImportPreview, with the names then checked against the
 * game's catalog (a near spelling takes the catalog's; an unknown name is kept with a warning).
 */
import type { GameId } from '../../../shared/catalog/games';
import type { SteamInventory } from '../../../shared/steam/inventory';
import { importCsv, importPasteList, importSteamInventory, importSteamInventoryText, matchNames } from './model/import';
import type { HoldingDraft, ImportPreview } from './model/types';

export interface ImportContext {
  game: GameId;
  /** The game's catalog names (null: not loaded; names are then not checked). */
  names: readonly string[] | null;
  now: number;
}

export interface ImportParsers {
  csv(text: string, ctx: ImportContext): ImportPreview;
  steamJson(text: string, ctx: ImportContext): ImportPreview;
  steamInventory(inventory: SteamInventory, ctx: ImportContext): ImportPreview;
  paste(text: string, ctx: ImportContext): ImportPreview;
}

function checked(preview: ImportPreview, ctx: ImportContext): ImportPreview {
  return ctx.names && !preview.fatal ? matchNames(preview, ctx.names) : preview;
}

export const importParsers: ImportParsers = {
  csv: (text, ctx) => checked(importCsv(text, { game: ctx.game }), ctx),
  steamJson: (text, ctx) => checked(importSteamInventoryText(text, { game: ctx.game, now: ctx.now }), ctx),
  steamInventory: (inventory, ctx) => checked(importSteamInventory(inventory, { game: ctx.game, now: ctx.now }), ctx),
  paste: (text, ctx) => checked(importPasteList(text, { game: ctx.game }), ctx),
};

/** Whether a file's text is JSON (an object, or an array that parses), whatever reader was chosen for it. */
function looksLikeJson(text: string): boolean {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('{')) return true;
  if (!t.startsWith('[')) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}

export type FileSource = 'csv' | 'steam';

/**
 * A file's text read by the reader its content calls for: a JSON file chosen as "CSV file" is read as a
 * Steam inventory JSON file, and a CSV chosen as "Steam inventory JSON file" as a CSV (when it reads as
 * one), with a notice saying so; the dialog then shows that reader as chosen.
 */
export function readImportFile(
  text: string,
  chosen: FileSource,
  ctx: ImportContext,
  parsers: ImportParsers = importParsers,
): { preview: ImportPreview; source: FileSource; notice: string | null } {
  const json = looksLikeJson(text);
  if (chosen === 'csv' && json) {
    return {
      preview: parsers.steamJson(text, ctx),
      source: 'steam',
      notice: 'This file is JSON, not CSV: it was read as a Steam inventory JSON file.',
    };
  }
  if (chosen === 'steam' && !json) {
    const csv = parsers.csv(text, ctx);
    if (!csv.fatal)
      return { preview: csv, source: 'csv', notice: 'This file is a CSV file, not JSON: it was read as one.' };
  }
  return {
    preview: chosen === 'csv' ? parsers.csv(text, ctx) : parsers.steamJson(text, ctx),
    source: chosen,
    notice: null,
  };
}

/** What "Import" adds: the rows that became a holding without an error, for this game. */
export function acceptedDrafts(preview: ImportPreview, game: GameId): HoldingDraft[] {
  if (preview.fatal) return [];
  return preview.rows.flatMap<HoldingDraft>((r) => (r.draft && !r.error ? [{ ...r.draft, game }] : []));
}

/**
 * The import parsers the dialogs use, behind one small interface: the CSV, Steam inventory JSON and pasted
 * list readers live in model/import/ (each gives an ImportPreview). Until they are in this build, every
 * source answers with a fatal sentence, so the dialogs work and say so instead of failing.
 */
import type { SteamInventory } from '../../../shared/steam/inventory';
import type { ImportPreview } from './model/types';

export interface ImportContext {
  game: number;
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

const missing = (source: ImportPreview['source']): ImportPreview => ({
  source,
  rows: [],
  fatal: 'Reading this kind of import is not part of this build yet.',
});

export const importParsers: ImportParsers = {
  csv: () => missing('csv'),
  steamJson: () => missing('steam'),
  steamInventory: () => missing('steam'),
  paste: () => missing('paste'),
};

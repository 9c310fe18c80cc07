/**
 * The portfolio's records: holdings (lots: what was bought, when, for how much) and sales, as types and zod
 * schemas. Everything read back (IndexedDB, a backup file, an import) goes through these schemas; a record
 * that does not pass is left out and counted, never trusted.
 *
 * Units: money is integer thousandths (as everywhere); quantities are whole items; dates are 'YYYY-MM-DD'
 * (the day a trader writes down), times are ms since the epoch.
 */
import { z } from 'zod';
import { isGameId } from '../../../../shared/catalog/games';

/** A guard, not a plan: a CS2 inventory holds at most a few thousand items (storage units aside). */
export const MAX_HOLDINGS = 50_000;
export const MAX_SALES = 100_000;
export const MAX_QUANTITY = 1_000_000;
export const MAX_NOTE = 2_000;

const ID = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Game = z.number().refine(isGameId, 'not a known game');
const ItemName = z.string().trim().min(1).max(500);
const Slug = z.string().regex(/^[A-Za-z0-9][\w.:-]{0,63}$/);
/** Thousandths, within what a price can sensibly be (1e12 = a billion units). */
const Money = z.number().int().min(0).max(1e12);
const Quantity = z.number().int().min(1).max(MAX_QUANTITY);
/** A calendar day, checked to exist (2026-02-30 does not). */
export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'not a calendar day');
const Time = z.number().int().min(0).max(8.64e15);

/** Where something was bought or sold: a market slug of the catalog, or the user's own words ("a friend"). */
const PlaceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('market'), slug: Slug }),
  z.object({ kind: z.literal('text'), text: z.string().trim().min(1).max(200) }),
]);
export type Place = z.infer<typeof PlaceSchema>;

/** One lot: `quantity` of one item bought together. Sales take from lots first in, first out (ledger.ts). */
export const HoldingSchema = z.object({
  id: ID,
  game: Game,
  /** market_hash_name as the user gave it; a name the catalog does not know is kept and marked, not dropped. */
  name: ItemName,
  quantity: Quantity,
  /** Per item, thousandths; null = not known (a Steam import has no cost). */
  unitCost: Money.nullable(),
  /** Total fee paid for the lot, thousandths; part of the cost basis. */
  fee: Money.nullable(),
  /**
   * The currency unitCost and fee were entered in (ISO 4217), kept as entered; null or absent = the
   * service's currency (every holding from before storage version 2). Converted at the rate of `acquired`.
   */
  costCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable()
    .optional(),
  acquired: Day.nullable(),
  place: PlaceSchema.nullable(),
  /** Trade-locked until this time (ms); null = tradable. */
  lockedUntil: Time.nullable(),
  note: z.string().max(MAX_NOTE),
  /** Where it came from: typed in, a CSV, a Steam inventory, a pasted list, a backup. */
  origin: z.enum(['manual', 'csv', 'steam', 'paste', 'backup']),
  created: Time,
  updated: Time,
});
export type Holding = z.infer<typeof HoldingSchema>;

export const SaleSchema = z.object({
  id: ID,
  game: Game,
  name: ItemName,
  quantity: Quantity,
  /** Per item, thousandths, before the fee. */
  unitPrice: Money,
  /** Total fee taken, thousandths. */
  fee: Money.nullable(),
  sold: Day,
  place: PlaceSchema.nullable(),
  note: z.string().max(MAX_NOTE),
  created: Time,
  updated: Time,
});
export type Sale = z.infer<typeof SaleSchema>;

/**
 * The whole portfolio as a file: it imports back to identical records. Version 2 carries a holding's cost
 * currency (`costCurrency`): an older Market Desk, which reads version 1 only, refuses it rather than drop the
 * currency and take a yuan cost for dollars. Version 1 files (costs in the service currency) are still read.
 */
export const BACKUP_FORMAT = 'market-desk-portfolio';
export const BACKUP_VERSION = 2;
/** Versions a restore reads; each is read as the current one (version 1 simply has no cost currencies). */
export const BACKUP_VERSIONS_READ: readonly number[] = [1, 2];
export const BackupSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  exported: Time,
  holdings: z.array(HoldingSchema).max(MAX_HOLDINGS),
  sales: z.array(SaleSchema).max(MAX_SALES),
});
export type Backup = z.infer<typeof BackupSchema>;

/** A holding as an import or the editor makes it, before it has an id and times. */
export type HoldingDraft = Omit<Holding, 'id' | 'created' | 'updated'>;

/**
 * One line of an import, as the preview shows it: what it became, or why not. Nothing is added until the
 * user accepts the preview, and then only the rows without an error.
 */
export interface ImportRow {
  /** 1-based line (CSV, pasted list) or position (Steam inventory group). */
  line: number;
  /** The source text of the row, shortened for the preview. */
  text: string;
  draft: HoldingDraft | null;
  /** Why the row cannot be imported ("quantity 'two' is not a whole number"); null = it can. */
  error: string | null;
  /** Imported, but worth a look ("name not in the catalog", "not marketable"). */
  warning: string | null;
}

export interface ImportPreview {
  source: 'csv' | 'steam' | 'paste' | 'backup';
  rows: ImportRow[];
  /** CSV: which column each field was read from ({ name: 'Item', quantity: 'Qty', … }); unused columns listed. */
  columns?: { used: Record<string, string>; ignored: string[] };
  /** The whole input could not be read (not a CSV, not an inventory, private profile…); rows is then empty. */
  fatal: string | null;
}

/** Where a holding stands after the ledger (ledger.ts) has applied the sales to it, first in, first out. */
export interface HoldingRow {
  holding: Holding;
  /** Items of this lot not yet sold. */
  remaining: number;
  /** Cost of the remaining items (unit cost x remaining + that share of the fee); null when the cost is unknown. */
  costBasis: number | null;
  /** Whether the catalog of the game knows the name (unknown names are kept and marked). */
  known: boolean;
}

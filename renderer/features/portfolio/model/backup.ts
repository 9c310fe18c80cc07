/**
 * The whole-portfolio backup file: every holding and sale of every game, as JSON (BackupSchema), so that a
 * restore gives back identical records (ids, times and origins included). JSON carries these records
 * exactly: integers below 2^53, strings and nulls only.
 *
 * Reading a file checks everything before anything is written, and a bad file is refused as a whole with a
 * sentence naming the first bad record ("holding 3 (id h-12, “AK-47 | Redline”): quantity: …").
 */
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BACKUP_VERSIONS_READ,
  BackupSchema,
  HoldingSchema,
  MAX_HOLDINGS,
  MAX_SALES,
  SaleSchema,
  type Backup,
  type Holding,
  type Sale,
} from './types';

export function makeBackup(holdings: readonly Holding[], sales: readonly Sale[], now: number): Backup {
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, exported: now, holdings: [...holdings], sales: [...sales] };
}

/** The file's text: indented, so a person can read it and a diff of two backups is useful. */
export function backupText(backup: Backup): string {
  return `${JSON.stringify(BackupSchema.parse(backup), null, 1)}\n`;
}

export function backupFileName(now: number): string {
  return `market-desk-portfolio-${new Date(now).toISOString().slice(0, 16).replace(/[:T]/g, '-')}.json`;
}

export type BackupRead = { ok: true; backup: Backup } | { ok: false; error: string };

interface Issue {
  path: PropertyKey[];
  message: string;
}

function issueText(issues: readonly Issue[]): string {
  const first = issues[0];
  if (!first) return 'not valid';
  const where = first.path.map(String).join('.');
  return `${where ? `${where}: ` : ''}${first.message}`;
}

function recordLabel(kind: 'holding' | 'sale', index: number, raw: unknown): string {
  const r = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const id = typeof r.id === 'string' ? `id ${r.id.slice(0, 64)}` : 'no id';
  const name = typeof r.name === 'string' ? `, “${r.name.slice(0, 80)}”` : '';
  return `${kind} ${index + 1} (${id}${name})`;
}

function checkRecords<T extends { id: string }>(
  kind: 'holding' | 'sale',
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } } },
  list: readonly unknown[],
): string | null {
  const seen = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const r = schema.safeParse(list[i]);
    if (!r.success) return `${recordLabel(kind, i, list[i])}: ${issueText(r.error.issues)}`;
    if (seen.has(r.data.id)) return `${recordLabel(kind, i, list[i])}: the id is used twice`;
    seen.add(r.data.id);
  }
  return null;
}

const NOT_A_BACKUP = 'This is not a Market Desk portfolio backup';

/** Reads a backup file's text: the backup, or why not, in a sentence. */
export function readBackup(text: string): BackupRead {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { ok: false, error: `${NOT_A_BACKUP}: it is not JSON (${e instanceof Error ? e.message : String(e)}).` };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, error: `${NOT_A_BACKUP}: it holds no backup object.` };
  const o = raw as Record<string, unknown>;
  if (o.format !== BACKUP_FORMAT)
    return { ok: false, error: `${NOT_A_BACKUP} (its "format" is not "${BACKUP_FORMAT}").` };
  if (typeof o.version === 'number' && o.version > BACKUP_VERSION)
    return {
      ok: false,
      error: `This backup was made by a newer version of Market Desk (backup version ${o.version}; this version reads ${BACKUP_VERSION}): update Market Desk to restore it.`,
    };
  if (typeof o.version !== 'number' || !BACKUP_VERSIONS_READ.includes(o.version))
    return { ok: false, error: `This backup's version (${String(o.version)}) is not one Market Desk knows.` };
  if (!Array.isArray(o.holdings) || !Array.isArray(o.sales))
    return { ok: false, error: 'This backup is damaged: it has no list of holdings or of sales.' };
  if (o.holdings.length > MAX_HOLDINGS)
    return {
      ok: false,
      error: `This backup has ${o.holdings.length} holdings, more than the ${MAX_HOLDINGS} a portfolio can hold.`,
    };
  if (o.sales.length > MAX_SALES)
    return {
      ok: false,
      error: `This backup has ${o.sales.length} sales, more than the ${MAX_SALES} a portfolio can hold.`,
    };
  const bad =
    checkRecords<Holding>('holding', HoldingSchema, o.holdings) ?? checkRecords<Sale>('sale', SaleSchema, o.sales);
  if (bad) return { ok: false, error: `This backup cannot be restored, nothing was changed: ${bad}.` };
  // An older version reads as the current one: its records are a subset (version 1: no cost currencies).
  const whole = BackupSchema.safeParse({ ...o, version: BACKUP_VERSION });
  if (!whole.success)
    return {
      ok: false,
      error: `This backup cannot be restored, nothing was changed: ${issueText(whole.error.issues)}.`,
    };
  return { ok: true, backup: whole.data };
}

/**
 * The largest file a restore reads. The largest portfolio Market Desk keeps (MAX_HOLDINGS holdings and
 * MAX_SALES sales) with ordinary names and short notes makes a 54 MB backup (measured); 100 MB leaves
 * room for long names and notes. A bigger file is no backup of ours (a wrong file chosen), and reading it
 * whole into memory would stall or crash the page, so its size is checked before a byte is read.
 */
export const MAX_BACKUP_BYTES = 100_000_000;

/** A chosen file, as the dialog has it (a DOM File). */
export interface BackupFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

/** Reads a chosen backup file: refused by its size first, then read and checked whole (readBackup). */
export async function readBackupFile(file: BackupFile): Promise<BackupRead> {
  if (file.size > MAX_BACKUP_BYTES) {
    return {
      ok: false,
      error: `${file.name} is ${(file.size / 1e6).toFixed(1)} MB: larger than any Market Desk backup (at most ${MAX_BACKUP_BYTES / 1e6} MB), so it was not read. Choose the backup file (market-desk-portfolio-….json).`,
    };
  }
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    return { ok: false, error: `${file.name} could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
  return readBackup(text);
}

export type RestoreMode = 'replace' | 'add';

/** A restore adds unless the user chooses to replace: a replace deletes whatever the backup lacks. */
export const DEFAULT_RESTORE_MODE: RestoreMode = 'add';

interface RestoreCounts {
  /** Not in the portfolio now: added. */
  added: number;
  /** Same id, different content: replaced by the backup's. */
  replaced: number;
  /** Same id and content: nothing changes. */
  same: number;
  /** In the portfolio but not in the backup: removed by 'replace', kept by 'add'. */
  notInBackup: number;
}

export interface RestorePlan {
  mode: RestoreMode;
  holdings: RestoreCounts;
  sales: RestoreCounts;
  /** Records on disk that fail their checks (not shown): a replace deletes them too, an add keeps them. */
  unreadable: number;
}

/** JSON with every object's keys sorted: the same content gives the same text. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

/** Same content, whatever the order of the keys (a record read back from a file has the schema's order). */
function sameRecord(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function counts<T extends { id: string }>(current: readonly T[], incoming: readonly T[]): RestoreCounts {
  const byId = new Map(current.map((r) => [r.id, r]));
  const c: RestoreCounts = { added: 0, replaced: 0, same: 0, notInBackup: 0 };
  const ids = new Set<string>();
  for (const r of incoming) {
    ids.add(r.id);
    const now = byId.get(r.id);
    if (!now) c.added++;
    else if (sameRecord(now, r)) c.same++;
    else c.replaced++;
  }
  for (const r of current) if (!ids.has(r.id)) c.notInBackup++;
  return c;
}

/** What a restore would do to the portfolio now (every game), for the confirmation. */
export function planRestore(
  current: { holdings: readonly Holding[]; sales: readonly Sale[]; invalid?: number },
  backup: Backup,
  mode: RestoreMode,
): RestorePlan {
  return {
    mode,
    holdings: counts(current.holdings, backup.holdings),
    sales: counts(current.sales, backup.sales),
    unreadable: current.invalid ?? 0,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The confirmation's sentence. */
export function describeRestore(plan: RestorePlan): string {
  const part = (c: RestoreCounts, one: string) => {
    const bits = [
      `${plural(c.added, one)} added`,
      `${c.replaced.toLocaleString('en-US')} replaced by the backup's version`,
    ];
    if (plan.mode === 'replace') bits.push(`${c.notInBackup.toLocaleString('en-US')} not in the backup removed`);
    else if (c.notInBackup) bits.push(`${c.notInBackup.toLocaleString('en-US')} not in the backup kept`);
    if (c.same) bits.push(`${c.same.toLocaleString('en-US')} unchanged`);
    return bits.join(', ');
  };
  const n = plan.unreadable;
  const unreadable =
    n === 0
      ? ''
      : plan.mode === 'replace'
        ? ` ${plural(n, 'unreadable record')} (stored, but they fail their checks and are not shown) ${n === 1 ? 'is' : 'are'} deleted too.`
        : ` ${plural(n, 'unreadable record')} ${n === 1 ? 'is' : 'are'} kept as ${n === 1 ? 'it is' : 'they are'}.`;
  return `${plan.mode === 'replace' ? 'Replace the whole portfolio (every game) with the backup' : 'Add the backup to the portfolio'}: holdings: ${part(plan.holdings, 'holding')}; sales: ${part(plan.sales, 'sale')}.${unreadable}`;
}

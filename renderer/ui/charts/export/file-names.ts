/**
 * Export file names: `${fileBase}-${YYYY-MM-DD}.${ext}`, lowercase [a-z0-9-] only, the stem at most 80
 * characters. The date is the data's (provenance.fetchedAt, UTC): the file says when its numbers are from.
 */

export type ExportExtension = 'png' | 'svg' | 'csv' | 'zip';

export const MAX_STEM = 80;
const DATE_PART = '-YYYY-MM-DD'.length;

/** "AK-47 | Redline (FT) sales" -> "ak-47-redline-ft-sales"; never empty. */
export function sanitizeFileBase(text: string, max = MAX_STEM - DATE_PART): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const dashed = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const cut = dashed.slice(0, max).replace(/-+$/, '');
  return cut || 'chart';
}

/** UTC calendar date of a time, "2026-11-23"; today's for a missing or invalid time. */
export function utcDate(ms: number, now: () => number = Date.now): string {
  const t = Number.isFinite(ms) && ms > 0 ? ms : now();
  return new Date(t).toISOString().slice(0, 10);
}

export function exportStem(fileBase: string, at: number): string {
  return `${sanitizeFileBase(fileBase)}-${utcDate(at)}`;
}

export function exportFileName(fileBase: string, at: number, ext: ExportExtension): string {
  return `${exportStem(fileBase, at)}.${ext}`;
}

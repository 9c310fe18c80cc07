/**
 * Saving exported files (charts: PNG, SVG, CSV; the portfolio's backup: JSON; price history: CSV, Parquet, JSON) through the host: the request shapes, their limits and
 * the file-name rule. Crosses the preload bridge, so main validates with these schemas (and the
 * renderer checks the same limits first, to say so before sending 200 MB across).
 */
import { z } from 'zod';

export const MIB = 1024 * 1024;
/** A 8000x8000 PNG of a chart is ~10-30 MB; anything near the cap is a bug, not a chart. */
export const MAX_FILE_BYTES = 64 * MIB;
export const MAX_TOTAL_BYTES = 256 * MIB;
export const MAX_FILES = 600;
const MAX_NAME_LENGTH = 120;

/** Extensions the host will offer in a save dialog (and nothing else: no .exe, no .html). Parquet and JSON: the price history's exports and their provenance; JSON: the portfolio's backup. */
const SAVE_EXTENSIONS = ['png', 'svg', 'csv', 'zip', 'parquet', 'json'] as const;
export type SaveExtension = (typeof SAVE_EXTENSIONS)[number];

export const SAVE_MIME: Record<SaveExtension, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  csv: 'text/csv',
  zip: 'application/zip',
  // No registered type for Parquet (https://issues.apache.org/jira/browse/PARQUET-1889 proposes application/vnd.apache.parquet).
  parquet: 'application/vnd.apache.parquet',
  json: 'application/json',
};

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/**
 * A plain file or folder name: letters, digits, space, dot, dash, underscore; no path separator, no
 * "..", no leading dot or space, not a Windows device name. Anything else could leave the chosen folder
 * or surprise the user.
 */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= MAX_NAME_LENGTH &&
    /^[A-Za-z0-9_][A-Za-z0-9._ -]*$/.test(name) &&
    !name.includes('..') &&
    !/[. ]$/.test(name) &&
    !WINDOWS_RESERVED.test(name)
  );
}

/** The extension of a safe name, if it is one the host saves. */
export function saveExtension(name: string): SaveExtension | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (SAVE_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as SaveExtension) : null;
}

const SafeName = z.string().refine(isSafeFileName, { message: 'not a plain file name' });

const Bytes = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'not bytes' })
  .refine((b) => b.byteLength <= MAX_FILE_BYTES, { message: `a file is larger than ${MAX_FILE_BYTES / MIB} MiB` });

export const SaveFileRequestSchema = z.object({
  suggestedName: SafeName.refine((n) => saveExtension(n) !== null, { message: 'not a file type Market Desk saves' }),
  mime: z.string().max(100),
  bytes: Bytes,
});
export type SaveFileRequest = z.infer<typeof SaveFileRequestSchema>;

export const SaveFilesRequestSchema = z.object({
  folderName: SafeName,
  files: z
    .array(
      z.object({
        name: SafeName.refine((n) => saveExtension(n) !== null, { message: 'not a file type Market Desk saves' }),
        bytes: Bytes,
      }),
    )
    .min(1)
    .max(MAX_FILES)
    .refine((files) => files.reduce((s, f) => s + f.bytes.byteLength, 0) <= MAX_TOTAL_BYTES, {
      message: `the files are larger than ${MAX_TOTAL_BYTES / MIB} MiB together`,
    })
    .refine((files) => new Set(files.map((f) => f.name.toLowerCase())).size === files.length, {
      message: 'two files have the same name',
    }),
});
export type SaveFilesRequest = z.infer<typeof SaveFilesRequestSchema>;

export const SaveResultSchema = z.object({ saved: z.boolean(), path: z.string().max(4096).optional() });
export type SaveResult = z.infer<typeof SaveResultSchema>;

/** The first problem of a failed parse, as a sentence for the user. */
export function saveProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `Market Desk will not save that: ${issue.message}.` : 'Market Desk will not save that.';
}

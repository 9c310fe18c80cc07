/**
 * A streamed export's files through the desktop host: the requests the page sends the main process (open
 * the export's files: one file where the user says in a save dialog, several in a new folder; append a
 * chunk to one, end one, abort them all), their limits and their schemas. Crosses the preload bridge, so main validates every request with these.
 */
import { z } from 'zod';
import { isSafeFileName, MAX_FILES, MIB, saveExtension } from '../files/save';

/** The largest chunk one request carries (the writers send ~1 MiB chunks and Parquet row groups of a few MiB). */
export const MAX_EXPORT_CHUNK_BYTES = 32 * MIB;
/** An estimate beyond this (10 TB) is not an estimate. */
const MAX_ESTIMATE = 1e13;

const FileName = z
  .string()
  .refine(isSafeFileName, { message: 'not a plain file name' })
  .refine((n) => saveExtension(n) !== null, { message: 'not a file type Market Desk saves' });

export const ExportIdSchema = z.string().regex(/^[a-z0-9-]{8,64}$/, { message: 'not an export id' });

export const ExportOpenSchema = z.object({
  /** The new folder's name when there are several files (one file is saved where the user says). */
  folderName: z.string().refine(isSafeFileName, { message: 'not a plain folder name' }),
  files: z
    .array(FileName)
    .min(1)
    .max(MAX_FILES)
    .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, {
      message: 'two files have the same name',
    }),
  /** What the export is expected to write (bytes, every file): checked against the disk's free space. */
  estimateBytes: z.number().int().min(0).max(MAX_ESTIMATE),
});
export type ExportOpenRequest = z.infer<typeof ExportOpenSchema>;

export const ExportChunkSchema = z.object({
  exportId: ExportIdSchema,
  name: FileName,
  chunk: z
    .custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'not bytes' })
    .refine((b) => b.byteLength <= MAX_EXPORT_CHUNK_BYTES, {
      message: `a chunk is larger than ${MAX_EXPORT_CHUNK_BYTES / MIB} MiB`,
    }),
});

export type ExportChunkRequest = z.infer<typeof ExportChunkSchema>;

export const ExportEndSchema = z.object({ exportId: ExportIdSchema, name: FileName });
export type ExportEndRequest = z.infer<typeof ExportEndSchema>;
export const ExportAbortSchema = z.object({ exportId: ExportIdSchema });
export type ExportAbortRequest = z.infer<typeof ExportAbortSchema>;

export const ExportOpenResultSchema = z.union([
  z.object({ opened: z.literal(false) }),
  z.object({ opened: z.literal(true), exportId: ExportIdSchema, path: z.string().max(4096) }),
]);
export type ExportOpenResult = z.infer<typeof ExportOpenResultSchema>;

/**
 * A streamed export written by the main process: the user picks a folder, a NEW subfolder is made there
 * (nothing existing is ever overwritten), the disk's free space is checked against the export's estimate,
 * and each file is written in chunks as the page sends them to a temporary name ("name.part"), renamed
 * to its name when it ends. An abort (the user's Cancel, a failure, a full disk) closes and removes every
 * file of the export and the folder: no half file is left. Every request is validated here
 * (shared/export/stream-files.ts). Electron's dialog and the file system are injected (tests: temp
 * folders, a fake dialog, a disk that fills).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, rmdir, statfs, access } from 'node:fs/promises';
import path from 'node:path';
import { ExportAbortSchema, ExportChunkSchema, ExportEndSchema, ExportOpenSchema, type ExportOpenResult } from '../../shared/export/stream-files';
import { saveProblem } from '../../shared/files/save';
import { SaveError, type SaveDialogs } from './save-files';

export interface ExportFileHandle {
  write(data: Uint8Array): Promise<unknown>;
  close(): Promise<void>;
}

export interface ExportFs {
  /** Non-recursive: fails with EEXIST when the folder exists. */
  mkdir(dir: string): Promise<unknown>;
  /** An exclusive create ('wx'). */
  create(file: string): Promise<ExportFileHandle>;
  rename(from: string, to: string): Promise<void>;
  exists(file: string): Promise<boolean>;
  remove(file: string): Promise<void>;
  removeDir(dir: string): Promise<void>;
  /** Free bytes for an unprivileged user on the disk holding `dir`. */
  freeBytes(dir: string): Promise<number>;
}

export const nodeExportFs: ExportFs = {
  mkdir: (dir) => mkdir(dir),
  create: async (file) => {
    const fh = await open(file, 'wx');
    return { write: (data) => fh.write(data), close: () => fh.close() };
  },
  rename: (from, to) => rename(from, to),
  exists: (file) => access(file).then(
    () => true,
    () => false,
  ),
  remove: (file) => rm(file, { force: true }),
  removeDir: (dir) => rmdir(dir),
  freeBytes: async (dir) => {
    const s = await statfs(dir);
    return s.bavail * s.bsize;
  },
};

export interface ExportFilesDeps {
  dialogs: SaveDialogs;
  defaultDir: () => string;
  fs?: ExportFs;
}

export interface ExportFiles {
  open(request: unknown): Promise<ExportOpenResult>;
  write(request: unknown): Promise<void>;
  end(request: unknown): Promise<void>;
  abort(request: unknown): Promise<void>;
  /** Whether an export is still open (not every file ended, not aborted). */
  isOpen(exportId: string): boolean;
}

/** Room kept beside the estimate (it is an estimate; a disk filled to its last byte fails other programs). */
const FREE_MARGIN = 1.1;
const PART = '.part';

const mb = (b: number): string => `${(b / 1e6).toFixed(b < 1e7 ? 1 : 0)} MB`;

function errno(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
}

interface OpenExport {
  dir: string;
  files: Map<string, { handle: ExportFileHandle | null; done: boolean }>;
}

export function createExportFiles(deps: ExportFilesDeps): ExportFiles {
  const fs = deps.fs ?? nodeExportFs;
  const exports = new Map<string, OpenExport>();

  async function freshFolder(parent: string, name: string): Promise<string> {
    for (let n = 1; n <= 100; n++) {
      const dir = path.join(parent, n === 1 ? name : `${name}-${n}`);
      try {
        await fs.mkdir(dir);
        return dir;
      } catch (error) {
        if (errno(error) !== 'EEXIST') throw failure(error);
      }
    }
    throw new SaveError('That folder already has too many exports of this name. Choose another folder.');
  }

  function failure(error: unknown): SaveError {
    if (error instanceof SaveError) return error;
    switch (errno(error)) {
      case 'ENOSPC':
      case 'EDQUOT':
        return new SaveError('The disk is full: the export stopped and its files were removed. Free some space or choose another disk.');
      case 'EACCES':
      case 'EPERM':
        return new SaveError('Market Desk may not write to that folder. Choose another one.');
      case 'EROFS':
        return new SaveError('That folder is read-only. Choose another one.');
      default:
        return new SaveError('Market Desk could not write the export: it stopped and its files were removed.');
    }
  }

  /** Closes and removes every file of an export, and its folder. */
  async function discard(id: string): Promise<void> {
    const ex = exports.get(id);
    if (!ex) return;
    exports.delete(id);
    for (const [name, f] of ex.files) {
      await f.handle?.close().catch(() => undefined);
      await fs.remove(path.join(ex.dir, name + PART)).catch(() => undefined);
      if (f.done) await fs.remove(path.join(ex.dir, name)).catch(() => undefined);
    }
    await fs.removeDir(ex.dir).catch(() => undefined);
  }

  function fileOf(id: string, name: string): { ex: OpenExport; f: { handle: ExportFileHandle | null; done: boolean } } {
    const ex = exports.get(id);
    const f = ex?.files.get(name);
    if (!ex || !f) throw new SaveError('That export is no longer open.');
    return { ex, f };
  }

  return {
    async open(request) {
      const parsed = ExportOpenSchema.safeParse(request);
      if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
      const { folderName, files, estimateBytes } = parsed.data;
      const choice = await deps.dialogs.showOpenDialog({
        title: `Choose where to put the folder "${folderName}"`,
        defaultPath: deps.defaultDir(),
        buttonLabel: 'Export here',
        properties: ['openDirectory', 'createDirectory'],
      });
      const parent = choice.filePaths[0];
      if (choice.canceled || !parent) return { opened: false };
      const free = await fs.freeBytes(parent).catch(() => null);
      if (free !== null && estimateBytes * FREE_MARGIN > free) {
        throw new SaveError(`Not enough free space there: the export needs about ${mb(estimateBytes)}, the disk has ${mb(free)} free. Choose another disk, a shorter range or fewer items.`);
      }
      const dir = await freshFolder(parent, folderName);
      const id = randomUUID();
      const ex: OpenExport = { dir, files: new Map() };
      exports.set(id, ex);
      try {
        for (const name of files) {
          const target = path.join(dir, name + PART);
          // Names are plain (validated), but a joined path must still end up inside the new folder.
          if (path.dirname(target) !== dir) throw new SaveError('Market Desk will not save that: not a plain file name.');
          ex.files.set(name, { handle: null, done: false });
          (ex.files.get(name) as { handle: ExportFileHandle | null }).handle = await fs.create(target);
        }
      } catch (error) {
        await discard(id);
        throw failure(error);
      }
      return { opened: true, exportId: id, path: dir };
    },

    async write(request) {
      const parsed = ExportChunkSchema.safeParse(request);
      if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
      const { exportId, name, chunk } = parsed.data;
      const { f } = fileOf(exportId, name);
      if (!f.handle) throw new SaveError(`${name} is already complete.`);
      try {
        await f.handle.write(chunk);
      } catch (error) {
        await discard(exportId);
        throw failure(error);
      }
    },

    async end(request) {
      const parsed = ExportEndSchema.safeParse(request);
      if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
      const { exportId, name } = parsed.data;
      const { ex, f } = fileOf(exportId, name);
      if (!f.handle) return;
      try {
        await f.handle.close();
        f.handle = null;
        const target = path.join(ex.dir, name);
        // The folder is new, but never replace: a file of that name there is an error, not a rename.
        if (await fs.exists(target)) throw new SaveError(`${name} already exists in the export's folder.`);
        await fs.rename(target + PART, target);
        f.done = true;
      } catch (error) {
        await discard(exportId);
        throw failure(error);
      }
      if ([...ex.files.values()].every((x) => x.done)) exports.delete(exportId);
    },

    async abort(request) {
      const parsed = ExportAbortSchema.safeParse(request);
      if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
      await discard(parsed.data.exportId);
    },

    isOpen: (exportId) => exports.has(exportId),
  };
}

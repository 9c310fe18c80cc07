/**
 * A streamed export written by the main process: several files go to a NEW subfolder of a folder the user picks,
 * one file where the native save dialog says. Free space is checked against the estimate; each file is written
 * in chunks to "name.part" and renamed when it ends. An abort removes every file of the export and the folder.
 * Every request is validated here (shared/export/stream-files.ts); the dialog and file system are injected.
 * More: README.md here.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, rmdir, statfs, access } from 'node:fs/promises';
import path from 'node:path';
import {
  ExportAbortSchema,
  ExportChunkSchema,
  ExportEndSchema,
  ExportOpenSchema,
  type ExportOpenResult,
} from '../../shared/export/stream-files';
import { saveExtension, saveProblem, type SaveExtension } from '../../shared/files/save';
import { askAboutExisting, MAX_SAVE_ROUNDS, SaveError, TYPE_NAMES, type SaveDialogs } from './save-files';

interface ExportFileHandle {
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
  exists: (file) =>
    access(file).then(
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
  /** Where the first dialog opens (the user's Downloads folder); later ones open where the last export went. */
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
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : '';
}

interface ExportFile {
  handle: ExportFileHandle | null;
  done: boolean;
  /** The temporary file written, and the path it is renamed to at its end. */
  part: string;
  target: string;
  /** The user agreed to replace a file at `target` (so the final rename may). */
  replace: boolean;
}

interface OpenExport {
  /** The folder made for the export (removed on abort); null for a one-file export saved where the user said. */
  dir: string | null;
  files: Map<string, ExportFile>;
}

export function createExportFiles(deps: ExportFilesDeps): ExportFiles {
  return new ExportWriter(deps);
}

/** The open exports of one window's session, and where the last one went. */
class ExportWriter implements ExportFiles {
  private readonly fs: ExportFs;
  private readonly exports = new Map<string, OpenExport>();
  /** The folder the last export went to, where the next dialog opens (this session only). */
  private lastDir: string | null = null;

  constructor(private readonly deps: ExportFilesDeps) {
    this.fs = deps.fs ?? nodeExportFs;
  }

  private startDir(): string {
    return this.lastDir ?? this.deps.defaultDir();
  }

  async open(request: unknown): Promise<ExportOpenResult> {
    const parsed = ExportOpenSchema.safeParse(request);
    if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
    const { folderName, files, estimateBytes } = parsed.data;
    if (files.length === 1) return this.openOne(files[0] as string, estimateBytes);
    const choice = await this.deps.dialogs.showOpenDialog({
      title: `Choose where to put the folder "${folderName}"`,
      defaultPath: this.startDir(),
      buttonLabel: 'Export here',
      properties: ['openDirectory', 'createDirectory'],
    });
    const parent = choice.filePaths[0];
    if (choice.canceled || !parent) return { opened: false };
    this.lastDir = parent;
    await this.checkFreeSpace(parent, estimateBytes);
    const dir = await this.freshFolder(parent, folderName);
    const id = randomUUID();
    const ex: OpenExport = { dir, files: new Map() };
    this.exports.set(id, ex);
    try {
      for (const name of files) {
        const target = path.join(dir, name);
        // Names are plain (validated), but a joined path must still end up inside the new folder.
        if (path.dirname(target) !== dir) throw new SaveError('Market Desk will not save that: not a plain file name.');
        const f: ExportFile = { handle: null, done: false, part: target + PART, target, replace: false };
        ex.files.set(name, f);
        f.handle = await this.fs.create(f.part);
      }
    } catch (error) {
      await this.discard(id);
      throw failure(error);
    }
    return { opened: true, exportId: id, path: dir };
  }

  async write(request: unknown): Promise<void> {
    const parsed = ExportChunkSchema.safeParse(request);
    if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
    const { exportId, name, chunk } = parsed.data;
    const { f } = this.fileOf(exportId, name);
    if (!f.handle) throw new SaveError(`${name} is already complete.`);
    try {
      await f.handle.write(chunk);
    } catch (error) {
      await this.discard(exportId);
      throw failure(error);
    }
  }

  async end(request: unknown): Promise<void> {
    const parsed = ExportEndSchema.safeParse(request);
    if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
    const { exportId, name } = parsed.data;
    const { ex, f } = this.fileOf(exportId, name);
    if (!f.handle) return;
    try {
      await f.handle.close();
      f.handle = null;
      // Replace only what the user agreed to replace (the save dialog's confirmation, or the question):
      // the rename then replaces it, now that the export has completed. Otherwise a file of that name is an
      // error, not a rename (a new folder's file, or one that appeared while the export was written).
      if (!f.replace && (await this.fs.exists(f.target)))
        throw new SaveError(`${path.basename(f.target)} already exists there.`);
      await this.fs.rename(f.part, f.target);
      f.done = true;
    } catch (error) {
      await this.discard(exportId);
      throw failure(error);
    }
    if ([...ex.files.values()].every((x) => x.done)) this.exports.delete(exportId);
  }

  async abort(request: unknown): Promise<void> {
    const parsed = ExportAbortSchema.safeParse(request);
    if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
    await this.discard(parsed.data.exportId);
  }

  isOpen(exportId: string): boolean {
    return this.exports.has(exportId);
  }

  /**
   * A one-file export's path, from the save dialog; null when the user cancelled. The dialog itself confirms
   * replacing an existing file: Windows and macOS always, Linux (GTK) only with showOverwriteConfirmation
   * (https://www.electronjs.org/docs/latest/api/dialog, properties of showSaveDialog; added in
   * https://github.com/electron/electron/pull/19672). A name the dialog returned without an extension (Linux
   * filters do not add it) is completed, and as the dialog never showed that name, an existing file there is
   * asked about (save-files.ts's question), never replaced silently.
   */
  private async chooseFile(name: string): Promise<{ target: string; replace: boolean } | null> {
    const ext = saveExtension(name) as SaveExtension;
    let defaultPath = path.join(this.startDir(), name);
    for (let round = 0; round < MAX_SAVE_ROUNDS; round++) {
      const choice = await this.deps.dialogs.showSaveDialog({
        title: `Export ${name}`,
        defaultPath,
        filters: [{ name: TYPE_NAMES[ext], extensions: [ext] }],
        properties: ['showOverwriteConfirmation', 'createDirectory'],
      });
      if (choice.canceled || !choice.filePath) return null;
      if (path.extname(choice.filePath)) return { target: choice.filePath, replace: true };
      const target = `${choice.filePath}.${ext}`;
      if (!(await this.fs.exists(target))) return { target, replace: false };
      const answer = await askAboutExisting(this.deps.dialogs, target);
      if (answer === 'cancel') return null;
      if (answer === 'replace') return { target, replace: true };
      defaultPath = target;
    }
    throw new SaveError('The export did not start: every name chosen already exists.');
  }

  /** A new temporary file beside `target` ("<target>.part", or "<target>.2.part"… when a stale one is there). */
  private async createPart(target: string): Promise<{ part: string; handle: ExportFileHandle }> {
    for (let n = 1; n <= 100; n++) {
      const part = n === 1 ? target + PART : `${target}.${n}${PART}`;
      try {
        return { part, handle: await this.fs.create(part) };
      } catch (error) {
        if (errno(error) !== 'EEXIST') throw failure(error);
      }
    }
    throw new SaveError('That folder has too many unfinished exports of this name. Choose another name.');
  }

  private async checkFreeSpace(dir: string, estimateBytes: number): Promise<void> {
    const free = await this.fs.freeBytes(dir).catch(() => null);
    if (free !== null && estimateBytes * FREE_MARGIN > free) {
      throw new SaveError(
        `Not enough free space there: the export needs about ${mb(estimateBytes)}, the disk has ${mb(free)} free. Choose another disk, a shorter range or fewer items.`,
      );
    }
  }

  private async freshFolder(parent: string, name: string): Promise<string> {
    for (let n = 1; n <= 100; n++) {
      const dir = path.join(parent, n === 1 ? name : `${name}-${n}`);
      try {
        await this.fs.mkdir(dir);
        return dir;
      } catch (error) {
        if (errno(error) !== 'EEXIST') throw failure(error);
      }
    }
    throw new SaveError('That folder already has too many exports of this name. Choose another folder.');
  }

  /** Closes and removes every file of an export, and its folder. A one-file export's target is never removed. */
  private async discard(id: string): Promise<void> {
    const ex = this.exports.get(id);
    if (!ex) return;
    this.exports.delete(id);
    for (const f of ex.files.values()) {
      await f.handle?.close().catch(() => undefined);
      await this.fs.remove(f.part).catch(() => undefined);
      if (f.done && ex.dir !== null) await this.fs.remove(f.target).catch(() => undefined);
    }
    if (ex.dir !== null) await this.fs.removeDir(ex.dir).catch(() => undefined);
  }

  /** One file: the save dialog, then its temporary file next to where the user said. */
  private async openOne(name: string, estimateBytes: number): Promise<ExportOpenResult> {
    const chosen = await this.chooseFile(name);
    if (!chosen) return { opened: false };
    this.lastDir = path.dirname(chosen.target);
    await this.checkFreeSpace(this.lastDir, estimateBytes);
    const { part, handle } = await this.createPart(chosen.target);
    const id = randomUUID();
    this.exports.set(id, {
      dir: null,
      files: new Map([[name, { handle, done: false, part, target: chosen.target, replace: chosen.replace }]]),
    });
    return { opened: true, exportId: id, path: chosen.target };
  }

  private fileOf(id: string, name: string): { ex: OpenExport; f: ExportFile } {
    const ex = this.exports.get(id);
    const f = ex?.files.get(name);
    if (!ex || !f) throw new SaveError('That export is no longer open.');
    return { ex, f };
  }
}

function failure(error: unknown): SaveError {
  if (error instanceof SaveError) return error;
  switch (errno(error)) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new SaveError(
        'The disk is full: the export stopped and its files were removed. Free some space or choose another disk.',
      );
    case 'EACCES':
    case 'EPERM':
      return new SaveError('Market Desk may not write to that folder. Choose another one.');
    case 'EROFS':
      return new SaveError('That folder is read-only. Choose another one.');
    default:
      return new SaveError('Market Desk could not write the export: it stopped and its files were removed.');
  }
}

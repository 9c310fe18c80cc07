/**
 * Saving exported files for the renderer (IPC saveFile / saveFiles); every request is validated again here
 * (shared/files/save); the dialog and the file system are injected (tests: temp folders, a fake dialog).
 * saveFile: the native save dialog, then the write; a file is replaced only when a dialog asked about that very
 * name (an extension the app adds makes the write an exclusive create, and an existing file a question).
 * saveFiles: a NEW subfolder of a folder the user picks ("name", "name-2", …), so nothing is overwritten.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  SaveFileRequestSchema,
  SaveFilesRequestSchema,
  saveExtension,
  saveProblem,
  type SaveExtension,
  type SaveResult,
} from '../../shared/files/save';

export interface SaveDialogOptions {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
  /**
   * Linux: GTK's chooser confirms an existing name only when asked to (Electron's showOverwriteConfirmation,
   * GtkFileChooser:do-overwrite-confirmation, FALSE by default); Windows and macOS always ask.
   */
  properties?: ('showOverwriteConfirmation' | 'createDirectory')[];
}
/** The subset of Electron's dialog.showMessageBox options used here (response = index into buttons). */
export interface MessageBoxOptions {
  type: 'question' | 'warning';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
}
export interface FolderDialogOptions {
  title: string;
  defaultPath: string;
  buttonLabel: string;
  properties: ('openDirectory' | 'createDirectory')[];
}

/** The Electron dialog calls used (bound to the window by main.ts). */
export interface SaveDialogs {
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  showOpenDialog(options: FolderDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
}

interface SaveFs {
  writeFile(file: string, data: Uint8Array, options?: { flag?: string }): Promise<void>;
  /** Non-recursive: must fail with EEXIST when the folder exists. */
  mkdir(dir: string): Promise<unknown>;
}

export interface FileSaverDeps {
  dialogs: SaveDialogs;
  /** Where dialogs open (the user's Downloads folder). */
  defaultDir: () => string;
  fs?: SaveFs;
}

export interface FileSaver {
  saveFile(request: unknown): Promise<SaveResult>;
  saveFiles(request: unknown): Promise<SaveResult>;
}

/** A failure whose message is meant for the user (IPC passes it through; others become generic). */
export class SaveError extends Error {
  override readonly name = 'SaveError';
}

/** The save dialog's filter for a file type. */
export const TYPE_NAMES: Record<SaveExtension, string> = {
  png: 'PNG image',
  svg: 'SVG image',
  csv: 'CSV table',
  zip: 'Zip archive',
  parquet: 'Parquet table',
  json: 'JSON file',
};

const nodeFs: SaveFs = {
  writeFile: (file, data, options) => writeFile(file, data, options),
  mkdir: (dir) => mkdir(dir),
};

function errno(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : '';
}

/** A write failure as a sentence (no paths or stack: the page shows it). */
function writeFailure(error: unknown): SaveError {
  switch (errno(error)) {
    case 'EACCES':
    case 'EPERM':
      return new SaveError('Market Desk may not write to that folder. Choose another one.');
    case 'ENOSPC':
      return new SaveError('The disk is full.');
    case 'EROFS':
      return new SaveError('That folder is read-only. Choose another one.');
    case 'ENOENT':
    case 'ENOTDIR':
      return new SaveError('That folder no longer exists. Choose another one.');
    default:
      return new SaveError('Market Desk could not write the file.');
  }
}

/** How often "Choose another name" may lead back to an existing file before the save gives up. */
export const MAX_SAVE_ROUNDS = 10;
const REPLACE = 'Replace';
const CHOOSE_AGAIN = 'Choose another name';
const EXISTS_BUTTONS = [CHOOSE_AGAIN, REPLACE, 'Cancel'];

/** The user's answer when a name the app completed (the dialog never showed it) is taken. */
export async function askAboutExisting(dialogs: SaveDialogs, target: string): Promise<'replace' | 'choose' | 'cancel'> {
  const { response } = await dialogs.showMessageBox({
    type: 'warning',
    title: 'File already exists',
    message: `\u201c${path.basename(target)}\u201d already exists in that folder.`,
    detail: 'Replacing it overwrites its contents.',
    buttons: EXISTS_BUTTONS,
    defaultId: 0,
    cancelId: 2,
  });
  const answer = EXISTS_BUTTONS[response];
  return answer === REPLACE ? 'replace' : answer === CHOOSE_AGAIN ? 'choose' : 'cancel';
}

export function createFileSaver(deps: FileSaverDeps): FileSaver {
  const fs = deps.fs ?? nodeFs;

  async function write(target: string, bytes: Uint8Array, flag: 'w' | 'wx'): Promise<'written' | 'exists'> {
    try {
      await fs.writeFile(target, bytes, { flag });
      return 'written';
    } catch (error) {
      if (flag === 'wx' && errno(error) === 'EEXIST') return 'exists';
      throw writeFailure(error);
    }
  }

  async function makeFreshFolder(parent: string, name: string): Promise<string> {
    for (let n = 1; n <= 100; n++) {
      const dir = path.join(parent, n === 1 ? name : `${name}-${n}`);
      try {
        await fs.mkdir(dir);
        return dir;
      } catch (error) {
        if (errno(error) !== 'EEXIST') throw writeFailure(error);
      }
    }
    throw new SaveError('That folder already has too many exports of this name. Choose another folder.');
  }

  return {
    async saveFile(request) {
      const parsed = SaveFileRequestSchema.safeParse(request);
      if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
      const { suggestedName, bytes } = parsed.data;
      const ext = saveExtension(suggestedName) as SaveExtension;
      let defaultPath = path.join(deps.defaultDir(), suggestedName);
      for (let round = 0; round < MAX_SAVE_ROUNDS; round++) {
        const choice = await deps.dialogs.showSaveDialog({
          title: 'Save chart',
          defaultPath,
          filters: [{ name: TYPE_NAMES[ext], extensions: [ext] }],
          properties: ['showOverwriteConfirmation', 'createDirectory'],
        });
        if (choice.canceled || !choice.filePath) return { saved: false };
        // A name with an extension is the one the dialog showed (and confirmed, if it existed): written as asked.
        if (path.extname(choice.filePath)) {
          await write(choice.filePath, bytes, 'w');
          return { saved: true, path: choice.filePath };
        }
        // Linux dialogs may drop the extension the filter implies; the file must still open as what it is. The
        // dialog never asked about the completed name, so it must not replace anything.
        const target = `${choice.filePath}.${ext}`;
        if ((await write(target, bytes, 'wx')) === 'written') return { saved: true, path: target };
        const answer = await askAboutExisting(deps.dialogs, target);
        if (answer === 'cancel') return { saved: false };
        if (answer === 'replace') {
          await write(target, bytes, 'w');
          return { saved: true, path: target };
        }
        defaultPath = target;
      }
      throw new SaveError('The file was not saved: every name chosen already exists.');
    },

    async saveFiles(request) {
      const parsed = SaveFilesRequestSchema.safeParse(request);
      if (!parsed.success) throw new SaveError(saveProblem(parsed.error));
      const { folderName, files } = parsed.data;
      const choice = await deps.dialogs.showOpenDialog({
        title: `Choose where to put the folder "${folderName}"`,
        defaultPath: deps.defaultDir(),
        buttonLabel: 'Export here',
        properties: ['openDirectory', 'createDirectory'],
      });
      const parent = choice.filePaths[0];
      if (choice.canceled || !parent) return { saved: false };
      const dir = await makeFreshFolder(parent, folderName);
      for (const f of files) {
        const target = path.join(dir, f.name);
        // Names are plain (validated), but a joined path must still end up inside the new folder.
        if (path.dirname(target) !== dir) throw new SaveError('Market Desk will not save that: not a plain file name.');
        try {
          await fs.writeFile(target, f.bytes, { flag: 'wx' });
        } catch (error) {
          throw writeFailure(error);
        }
      }
      return { saved: true, path: dir };
    },
  };
}

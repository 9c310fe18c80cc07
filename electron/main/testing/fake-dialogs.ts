/**
 * Electron's dialogs as the main process's modules see them (SaveDialogs), answering as scripted and
 * recording what they were asked. Answers have Electron's shapes (https://www.electronjs.org/docs/latest/api/dialog):
 * a cancelled save dialog resolves { canceled: true, filePath: '' }, a cancelled open dialog
 * { canceled: true, filePaths: [] }; a message box closed with Escape answers its cancelId. Unscripted, every
 * dialog is cancelled, as a user pressing Escape would.
 */
import type { FolderDialogOptions, MessageBoxOptions, SaveDialogOptions, SaveDialogs } from '../save-files';

export interface DialogScript {
  /** Each save dialog's chosen path, in order; null (or none left) cancels. */
  save?: (string | null)[];
  /** Each open dialog's chosen folder, in order; null (or none left) cancels. */
  open?: (string | null)[];
  /** Each message box's answer: the label of the button pressed; null (or none left) is Escape. */
  box?: (string | null)[];
}

export interface FakeDialogs {
  dialogs: SaveDialogs;
  saves: SaveDialogOptions[];
  opens: FolderDialogOptions[];
  boxes: MessageBoxOptions[];
}

export function fakeDialogs(script: DialogScript = {}): FakeDialogs {
  const save = [...(script.save ?? [])];
  const open = [...(script.open ?? [])];
  const box = [...(script.box ?? [])];
  const record: FakeDialogs = { saves: [], opens: [], boxes: [], dialogs: null as unknown as SaveDialogs };
  record.dialogs = {
    showSaveDialog: async (options) => {
      record.saves.push(options);
      const chosen = save.shift() ?? null;
      return chosen === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: chosen };
    },
    showOpenDialog: async (options) => {
      record.opens.push(options);
      const chosen = open.shift() ?? null;
      return chosen === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [chosen] };
    },
    showMessageBox: async (options) => {
      record.boxes.push(options);
      const label = box.shift() ?? null;
      const response = label === null ? options.cancelId : options.buttons.indexOf(label);
      if (response < 0)
        throw new Error(`the message box has no button "${String(label)}": ${options.buttons.join(', ')}`);
      return { response };
    },
  };
  return record;
}

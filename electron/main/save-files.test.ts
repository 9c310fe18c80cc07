/** The main-process save handlers on real temp folders, with a fake dialog. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES, MAX_TOTAL_BYTES } from '../../shared/files/save';
import {
  createFileSaver,
  SaveError,
  type FolderDialogOptions,
  type MessageBoxOptions,
  type SaveDialogOptions,
  type SaveDialogs,
} from './save-files';

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'market-desk-save-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

function fakeDialogs(answer: { file?: string | null; folder?: string | null }) {
  const calls: { save: SaveDialogOptions[]; open: FolderDialogOptions[] } = { save: [], open: [] };
  const dialogs: SaveDialogs = {
    showSaveDialog: async (o) => {
      calls.save.push(o);
      return answer.file ? { canceled: false, filePath: answer.file } : { canceled: true, filePath: '' };
    },
    showOpenDialog: async (o) => {
      calls.open.push(o);
      return answer.folder ? { canceled: false, filePaths: [answer.folder] } : { canceled: true, filePaths: [] };
    },
    // Unasked questions fail the test: a save that needs one must say so.
    showMessageBox: async (o) => {
      throw new Error(`unexpected question: ${o.message}`);
    },
  };
  return { dialogs, calls };
}

const bytes = (text: string) => new TextEncoder().encode(text);
const png = {
  suggestedName: 'ak-47-sales-2026-11-23.png',
  mime: 'image/png',
  bytes: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
};

describe('saveFile', () => {
  it('opens the save dialog on the suggested name, filtered to its type, and writes where the user said', async () => {
    const target = path.join(tmp, 'chosen.png');
    const { dialogs, calls } = fakeDialogs({ file: target });
    const saver = createFileSaver({ dialogs, defaultDir: () => '/home/me/Downloads' });
    await expect(saver.saveFile(png)).resolves.toEqual({ saved: true, path: target });
    expect(calls.save[0]).toMatchObject({
      defaultPath: path.join('/home/me/Downloads', 'ak-47-sales-2026-11-23.png'),
      filters: [{ name: 'PNG image', extensions: ['png'] }],
    });
    expect([...readFileSync(target)]).toEqual([...png.bytes]);
  });

  it('adds the extension when the dialog dropped it', async () => {
    const { dialogs } = fakeDialogs({ file: path.join(tmp, 'no-extension') });
    const saver = createFileSaver({ dialogs, defaultDir: () => tmp });
    const result = await saver.saveFile({ ...png, suggestedName: 'x.csv', bytes: bytes('a,b\r\n') });
    expect(result).toEqual({ saved: true, path: path.join(tmp, 'no-extension.csv') });
    expect(readFileSync(path.join(tmp, 'no-extension.csv'), 'utf8')).toBe('a,b\r\n');
  });

  it('never replaces a file the dialog did not ask about: the extension it adds meets an existing file, the user is asked', async () => {
    writeFileSync(path.join(tmp, 'report.csv'), 'keep me');
    const { dialogs, calls } = fakeDialogs({ file: path.join(tmp, 'report') });
    const boxes: MessageBoxOptions[] = [];
    // The user declines to replace it.
    const saver = createFileSaver({
      dialogs: { ...dialogs, showMessageBox: async (o) => (boxes.push(o), { response: o.cancelId ?? 0 }) },
      defaultDir: () => tmp,
    });
    await expect(saver.saveFile({ ...png, suggestedName: 'x.csv', bytes: bytes('new') })).resolves.toEqual({
      saved: false,
    });
    expect(readFileSync(path.join(tmp, 'report.csv'), 'utf8')).toBe('keep me');
    expect(boxes).toHaveLength(1);
    expect(boxes[0]?.message).toContain('report.csv');
    expect(calls.save).toHaveLength(1);
  });

  it('on an existing file the user may replace it, or choose another name in the save dialog again', async () => {
    writeFileSync(path.join(tmp, 'report.csv'), 'old');
    const replace = createFileSaver({
      dialogs: {
        ...fakeDialogs({ file: path.join(tmp, 'report') }).dialogs,
        showMessageBox: async (o) => ({ response: o.buttons.indexOf('Replace') }),
      },
      defaultDir: () => tmp,
    });
    await expect(replace.saveFile({ ...png, suggestedName: 'x.csv', bytes: bytes('new') })).resolves.toEqual({
      saved: true,
      path: path.join(tmp, 'report.csv'),
    });
    expect(readFileSync(path.join(tmp, 'report.csv'), 'utf8')).toBe('new');

    // "Choose another name": the save dialog opens again on the full name; the user types another.
    const answers = [path.join(tmp, 'report'), path.join(tmp, 'report-2')];
    const seen: SaveDialogOptions[] = [];
    const again = createFileSaver({
      dialogs: {
        showSaveDialog: async (o) => (seen.push(o), { canceled: false, filePath: answers.shift() ?? '' }),
        showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
        showMessageBox: async (o) => ({ response: o.buttons.indexOf('Choose another name') }),
      },
      defaultDir: () => tmp,
    });
    await expect(again.saveFile({ ...png, suggestedName: 'x.csv', bytes: bytes('other') })).resolves.toEqual({
      saved: true,
      path: path.join(tmp, 'report-2.csv'),
    });
    expect(seen.map((o) => o.defaultPath)).toEqual([path.join(tmp, 'x.csv'), path.join(tmp, 'report.csv')]);
    expect(readFileSync(path.join(tmp, 'report.csv'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(tmp, 'report-2.csv'), 'utf8')).toBe('other');
  });

  it('a file the dialog itself confirmed (its name has the extension) is replaced without a second question', async () => {
    writeFileSync(path.join(tmp, 'chosen.png'), 'old');
    const { dialogs } = fakeDialogs({ file: path.join(tmp, 'chosen.png') });
    const showMessageBox = vi.fn(async () => ({ response: 0 }));
    const saver = createFileSaver({ dialogs: { ...dialogs, showMessageBox }, defaultDir: () => tmp });
    await expect(saver.saveFile(png)).resolves.toEqual({ saved: true, path: path.join(tmp, 'chosen.png') });
    expect([...readFileSync(path.join(tmp, 'chosen.png'))]).toEqual([...png.bytes]);
    expect(showMessageBox).not.toHaveBeenCalled();
  });

  it('cancel writes nothing and answers saved:false', async () => {
    const { dialogs } = fakeDialogs({ file: null });
    const saver = createFileSaver({ dialogs, defaultDir: () => tmp });
    await expect(saver.saveFile(png)).resolves.toEqual({ saved: false });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('refuses unsafe names, unknown types and oversized data before any dialog', async () => {
    const { dialogs, calls } = fakeDialogs({ file: path.join(tmp, 'x.png') });
    const saver = createFileSaver({ dialogs, defaultDir: () => tmp });
    for (const suggestedName of [
      '../escape.png',
      '..\\escape.png',
      '/etc/passwd.png',
      'a/b.png',
      '.hidden.png',
      'x.exe',
      'x.html',
      'CON.png',
      'x..png',
      '',
    ]) {
      await expect(saver.saveFile({ ...png, suggestedName }), suggestedName).rejects.toBeInstanceOf(SaveError);
    }
    await expect(saver.saveFile({ ...png, bytes: 'text' })).rejects.toThrow(/not bytes/);
    const huge = new Uint8Array(MAX_FILE_BYTES + 1);
    await expect(saver.saveFile({ ...png, bytes: huge })).rejects.toThrow(/larger than 64 MiB/);
    expect(calls.save).toHaveLength(0);
  });

  it('a write failure is a sentence, without the path', async () => {
    const { dialogs } = fakeDialogs({ file: path.join(tmp, 'x.png') });
    const fs = {
      writeFile: vi.fn(async () => {
        throw Object.assign(new Error(`EACCES: permission denied, open '${tmp}/x.png'`), { code: 'EACCES' });
      }),
      mkdir: vi.fn(async () => undefined),
    };
    const saver = createFileSaver({ dialogs, defaultDir: () => tmp, fs });
    const error = (await saver.saveFile(png).catch((e: unknown) => e)) as SaveError;
    expect(error).toBeInstanceOf(SaveError);
    expect(error.message).toBe('Market Desk may not write to that folder. Choose another one.');
  });
});

describe('saveFiles', () => {
  const request = {
    folderName: 'cs2-market-2026-11-23',
    files: [
      { name: 'top-volume-2026-11-23.png', bytes: png.bytes },
      { name: 'top-volume-2026-11-23.svg', bytes: bytes('<svg/>') },
      { name: 'top-volume-2026-11-23.csv', bytes: bytes('\uFEFFa\r\n') },
    ],
  };

  it('makes a new folder in the chosen one and writes every file into it', async () => {
    const { dialogs, calls } = fakeDialogs({ folder: tmp });
    const saver = createFileSaver({ dialogs, defaultDir: () => '/home/me/Downloads' });
    const dir = path.join(tmp, 'cs2-market-2026-11-23');
    await expect(saver.saveFiles(request)).resolves.toEqual({ saved: true, path: dir });
    expect(calls.open[0]?.properties).toEqual(['openDirectory', 'createDirectory']);
    expect(readdirSync(dir).sort()).toEqual(request.files.map((f) => f.name).sort());
    expect(readFileSync(path.join(dir, 'top-volume-2026-11-23.svg'), 'utf8')).toBe('<svg/>');
  });

  it('saves a price history export: CSV, Parquet and the provenance JSON', async () => {
    const { dialogs } = fakeDialogs({ folder: tmp });
    const saver = createFileSaver({ dialogs, defaultDir: () => '/home/me/Downloads' });
    const files = [
      { name: 'price-history-730.csv', bytes: bytes('time_utc,time_ms\r\n') },
      { name: 'price-history-730.parquet', bytes: bytes('PAR1') },
      { name: 'provenance.json', bytes: bytes('{}\n') },
    ];
    const dir = path.join(tmp, 'price-history-game-730-2026-11-25-17-00');
    await expect(saver.saveFiles({ folderName: 'price-history-game-730-2026-11-25-17-00', files })).resolves.toEqual({
      saved: true,
      path: dir,
    });
    expect(readdirSync(dir).sort()).toEqual(files.map((f) => f.name).sort());
  });

  it('never writes into an existing folder: the next free name is used', async () => {
    mkdirSync(path.join(tmp, 'cs2-market-2026-11-23'));
    writeFileSync(path.join(tmp, 'cs2-market-2026-11-23', 'top-volume-2026-11-23.png'), 'keep me');
    const { dialogs } = fakeDialogs({ folder: tmp });
    const saver = createFileSaver({ dialogs, defaultDir: () => tmp });
    const result = await saver.saveFiles(request);
    expect(result).toEqual({ saved: true, path: path.join(tmp, 'cs2-market-2026-11-23-2') });
    expect(readFileSync(path.join(tmp, 'cs2-market-2026-11-23', 'top-volume-2026-11-23.png'), 'utf8')).toBe('keep me');
    expect(readdirSync(path.join(tmp, 'cs2-market-2026-11-23-2'))).toHaveLength(3);
  });

  it('cancel makes no folder', async () => {
    const { dialogs } = fakeDialogs({ folder: null });
    const saver = createFileSaver({ dialogs, defaultDir: () => tmp });
    await expect(saver.saveFiles(request)).resolves.toEqual({ saved: false });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('refuses traversal in folder or file names, duplicates, and too much data, before any dialog', async () => {
    const { dialogs, calls } = fakeDialogs({ folder: tmp });
    const saver = createFileSaver({ dialogs, defaultDir: () => tmp });
    const f = request.files[0]!;
    const bad: unknown[] = [
      { ...request, folderName: '..' },
      { ...request, folderName: '../up' },
      { ...request, folderName: 'a/b' },
      { ...request, files: [{ ...f, name: '../../evil.png' }] },
      { ...request, files: [{ ...f, name: 'sub\\evil.png' }] },
      { ...request, files: [{ ...f, name: 'evil.sh' }] },
      { ...request, files: [f, { ...f }] },
      { ...request, files: [] },
    ];
    for (const r of bad)
      await expect(
        saver.saveFiles(r),
        JSON.stringify(r, (_k, v: unknown) => (v instanceof Uint8Array ? '<bytes>' : v)),
      ).rejects.toBeInstanceOf(SaveError);
    // Five files of 60 MiB: each under the per-file cap, together over 256 MiB.
    const big = new Uint8Array(60 * 1024 * 1024);
    const tooMuch = { folderName: 'x', files: [1, 2, 3, 4, 5].map((i) => ({ name: `f${i}.png`, bytes: big })) };
    expect(5 * big.byteLength).toBeGreaterThan(MAX_TOTAL_BYTES);
    await expect(saver.saveFiles(tooMuch)).rejects.toThrow(/256 MiB together/);
    expect(calls.open).toHaveLength(0);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

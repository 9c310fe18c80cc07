/** The main-process save handlers on real temp folders, with a fake dialog. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES, MAX_TOTAL_BYTES } from '../../shared/files/save';
import { createFileSaver, SaveError, type FolderDialogOptions, type SaveDialogOptions, type SaveDialogs } from './save-files';

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
  };
  return { dialogs, calls };
}

const bytes = (text: string) => new TextEncoder().encode(text);
const png = { suggestedName: 'ak-47-sales-2026-11-23.png', mime: 'image/png', bytes: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]) };

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

  it('cancel writes nothing and answers saved:false', async () => {
    const { dialogs } = fakeDialogs({ file: null });
    const saver = createFileSaver({ dialogs, defaultDir: () => tmp });
    await expect(saver.saveFile(png)).resolves.toEqual({ saved: false });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('refuses unsafe names, unknown types and oversized data before any dialog', async () => {
    const { dialogs, calls } = fakeDialogs({ file: path.join(tmp, 'x.png') });
    const saver = createFileSaver({ dialogs, defaultDir: () => tmp });
    for (const suggestedName of ['../escape.png', '..\\escape.png', '/etc/passwd.png', 'a/b.png', '.hidden.png', 'x.exe', 'x.html', 'CON.png', 'x..png', '']) {
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
    await expect(saver.saveFiles({ folderName: 'price-history-game-730-2026-11-25-17-00', files })).resolves.toEqual({ saved: true, path: dir });
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
    for (const r of bad) await expect(saver.saveFiles(r), JSON.stringify(r, (_k, v: unknown) => (v instanceof Uint8Array ? '<bytes>' : v))).rejects.toBeInstanceOf(SaveError);
    // Five files of 60 MiB: each under the per-file cap, together over 256 MiB.
    const big = new Uint8Array(60 * 1024 * 1024);
    const tooMuch = { folderName: 'x', files: [1, 2, 3, 4, 5].map((i) => ({ name: `f${i}.png`, bytes: big })) };
    expect(5 * big.byteLength).toBeGreaterThan(MAX_TOTAL_BYTES);
    await expect(saver.saveFiles(tooMuch)).rejects.toThrow(/256 MiB together/);
    expect(calls.open).toHaveLength(0);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

/** The main process's streamed export files on real temp folders, with a fake dialog and a disk that fills. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_EXPORT_CHUNK_BYTES } from '../../shared/export/stream-files';
import { createExportFiles, nodeExportFs, type ExportFs } from './export-files';
import type { SaveDialogs } from './save-files';
import { fakeDialogs } from './testing/fake-dialogs';

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'market-desk-export-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

function dialogs(folder: string | null): SaveDialogs {
  return {
    showSaveDialog: async () => ({ canceled: true }),
    showOpenDialog: async () => (folder ? { canceled: false, filePaths: [folder] } : { canceled: true, filePaths: [] }),
    showMessageBox: async (o) => {
      throw new Error(`unexpected question: ${o.message}`);
    },
  };
}

const bytes = (s: string) => new TextEncoder().encode(s);
const FILES = ['price-history-730.csv', 'price-history-730.parquet', 'provenance.json'];
const open = { folderName: 'price-history-game-730', files: FILES, estimateBytes: 1000 };

/** The node file system on a disk with `room` bytes left: a write past it fails as Node's does (ENOSPC). */
function fillingDisk(room: number): ExportFs {
  let used = 0;
  return {
    ...nodeExportFs,
    freeBytes: async () => room,
    create: async (file) => {
      const h = await nodeExportFs.create(file);
      return {
        write: async (data) => {
          if (used + data.byteLength > room)
            throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC' });
          used += data.byteLength;
          return h.write(data);
        },
        close: () => h.close(),
      };
    },
  };
}

describe('streamed export files (desktop)', () => {
  it('writes each file in chunks under a temporary name in a new folder, renamed when it ends', async () => {
    mkdirSync(path.join(tmp, 'price-history-game-730'));
    const files = createExportFiles({ dialogs: dialogs(tmp), defaultDir: () => tmp });
    const r = await files.open(open);
    if (!r.opened) throw new Error('not opened');
    // An existing folder of that name is left alone.
    expect(r.path).toBe(path.join(tmp, 'price-history-game-730-2'));
    await files.write({ exportId: r.exportId, name: 'price-history-730.csv', chunk: bytes('a,b\r\n') });
    await files.write({ exportId: r.exportId, name: 'price-history-730.csv', chunk: bytes('1,2\r\n') });
    expect(readdirSync(r.path).sort()).toEqual(FILES.map((f) => `${f}.part`).sort());
    for (const name of FILES) await files.end({ exportId: r.exportId, name });
    expect(readdirSync(r.path).sort()).toEqual([...FILES].sort());
    expect(readFileSync(path.join(r.path, 'price-history-730.csv'), 'utf8')).toBe('a,b\r\n1,2\r\n');
    await expect(
      files.write({ exportId: r.exportId, name: 'price-history-730.csv', chunk: bytes('x') }),
    ).rejects.toThrow('That export is no longer open.');
  });

  it('refuses to start when the estimate does not fit the free space, before making anything', async () => {
    const files = createExportFiles({
      dialogs: dialogs(tmp),
      defaultDir: () => tmp,
      fs: { ...nodeExportFs, freeBytes: async () => 50e6 },
    });
    await expect(files.open({ ...open, estimateBytes: 90e6 })).rejects.toThrow(
      'Not enough free space there: the export needs about 90 MB, the disk has 50 MB free.',
    );
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('a full disk is a clear error and leaves no half file, nor the folder', async () => {
    const files = createExportFiles({ dialogs: dialogs(tmp), defaultDir: () => tmp, fs: fillingDisk(10) });
    const r = await files.open({ ...open, estimateBytes: 5 });
    if (!r.opened) throw new Error('not opened');
    await files.write({ exportId: r.exportId, name: 'provenance.json', chunk: bytes('{}') });
    await files.end({ exportId: r.exportId, name: 'provenance.json' });
    await files.write({ exportId: r.exportId, name: 'price-history-730.csv', chunk: bytes('12345') });
    await expect(
      files.write({ exportId: r.exportId, name: 'price-history-730.csv', chunk: bytes('678901') }),
    ).rejects.toThrow('The disk is full: the export stopped and its files were removed.');
    expect(existsSync(r.path)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('an abort removes every file of the export, finished ones too, and its folder', async () => {
    const files = createExportFiles({ dialogs: dialogs(tmp), defaultDir: () => tmp });
    const r = await files.open(open);
    if (!r.opened) throw new Error('not opened');
    await files.write({ exportId: r.exportId, name: 'price-history-730.csv', chunk: bytes('a') });
    await files.end({ exportId: r.exportId, name: 'price-history-730.csv' });
    await files.abort({ exportId: r.exportId });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('validates every request: names, chunk size, ids; a cancelled dialog opens nothing', async () => {
    const files = createExportFiles({ dialogs: dialogs(tmp), defaultDir: () => tmp });
    await expect(files.open({ ...open, files: ['../evil.csv'] })).rejects.toThrow(
      'Market Desk will not save that: not a plain file name.',
    );
    await expect(files.open({ ...open, files: ['run.exe'] })).rejects.toThrow('not a file type Market Desk saves');
    await expect(files.open({ ...open, estimateBytes: -1 })).rejects.toThrow('Market Desk will not save that');
    const r = await files.open(open);
    if (!r.opened) throw new Error('not opened');
    await expect(
      files.write({
        exportId: r.exportId,
        name: 'price-history-730.csv',
        chunk: new Uint8Array(MAX_EXPORT_CHUNK_BYTES + 1),
      }),
    ).rejects.toThrow('a chunk is larger than 32 MiB');
    await expect(files.write({ exportId: r.exportId, name: 'price-history-730.csv', chunk: 'text' })).rejects.toThrow(
      'not bytes',
    );
    await expect(
      files.write({ exportId: 'not an id!', name: 'price-history-730.csv', chunk: bytes('a') }),
    ).rejects.toThrow('not an export id');
    await expect(
      files.write({ exportId: 'abcdef012345', name: 'price-history-730.csv', chunk: bytes('a') }),
    ).rejects.toThrow('That export is no longer open.');
    await files.abort({ exportId: r.exportId });
    const none = createExportFiles({ dialogs: dialogs(null), defaultDir: () => tmp });
    await expect(none.open(open)).resolves.toEqual({ opened: false });
    expect(readdirSync(tmp)).toEqual([]);
  });
});

/** One file (the Prices grid's CSV, the recommendations'): a save dialog for that file, no folder. */
describe('a one-file streamed export (desktop)', () => {
  const single = { folderName: 'market-desk-prices-730', files: ['prices-730.csv'], estimateBytes: 100 };

  it('asks with the save dialog, writes <chosen>.part and renames it to the chosen path when it ends', async () => {
    const chosen = path.join(tmp, 'my prices.csv');
    const fake = fakeDialogs({ save: [chosen] });
    const files = createExportFiles({ dialogs: fake.dialogs, defaultDir: () => tmp });
    const r = await files.open(single);
    if (!r.opened) throw new Error('not opened');
    expect(fake.opens).toEqual([]);
    expect(fake.saves[0]).toMatchObject({
      defaultPath: path.join(tmp, 'prices-730.csv'),
      filters: [{ name: 'CSV table', extensions: ['csv'] }],
    });
    expect(fake.saves[0]?.properties).toContain('showOverwriteConfirmation');
    expect(r.path).toBe(chosen);
    await files.write({ exportId: r.exportId, name: 'prices-730.csv', chunk: bytes('a,b\r\n') });
    await files.write({ exportId: r.exportId, name: 'prices-730.csv', chunk: bytes('1,2\r\n') });
    expect(readdirSync(tmp)).toEqual(['my prices.csv.part']);
    await files.end({ exportId: r.exportId, name: 'prices-730.csv' });
    expect(readdirSync(tmp)).toEqual(['my prices.csv']);
    expect(readFileSync(chosen, 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(files.isOpen(r.exportId)).toBe(false);
  });

  it('the next save dialog opens in the folder last saved to', async () => {
    const other = path.join(tmp, 'elsewhere');
    mkdirSync(other);
    const fake = fakeDialogs({ save: [path.join(other, 'a.csv')] });
    const files = createExportFiles({ dialogs: fake.dialogs, defaultDir: () => tmp });
    const r = await files.open(single);
    if (!r.opened) throw new Error('not opened');
    await files.end({ exportId: r.exportId, name: 'prices-730.csv' });
    await files.open(single);
    expect(fake.saves[1]?.defaultPath).toBe(path.join(other, 'prices-730.csv'));
  });

  it('a cancelled save dialog opens nothing and writes nothing', async () => {
    const fake = fakeDialogs();
    const files = createExportFiles({ dialogs: fake.dialogs, defaultDir: () => tmp });
    await expect(files.open(single)).resolves.toEqual({ opened: false });
    expect(fake.saves).toHaveLength(1);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('an abort removes the .part and leaves the file already at the chosen path untouched; a completed export replaces it', async () => {
    const chosen = path.join(tmp, 'prices.csv');
    writeFileSync(chosen, 'keep me');
    // The user confirmed replacing it in the save dialog (each time).
    const files = createExportFiles({
      dialogs: fakeDialogs({ save: [chosen, chosen] }).dialogs,
      defaultDir: () => tmp,
    });
    const r = await files.open(single);
    if (!r.opened) throw new Error('not opened');
    await files.write({ exportId: r.exportId, name: 'prices-730.csv', chunk: bytes('new') });
    expect(readFileSync(chosen, 'utf8')).toBe('keep me');
    await files.abort({ exportId: r.exportId });
    expect(readdirSync(tmp)).toEqual(['prices.csv']);
    expect(readFileSync(chosen, 'utf8')).toBe('keep me');

    const again = await files.open(single);
    if (!again.opened) throw new Error('not opened');
    await files.write({ exportId: again.exportId, name: 'prices-730.csv', chunk: bytes('new') });
    await files.end({ exportId: again.exportId, name: 'prices-730.csv' });
    expect(readdirSync(tmp)).toEqual(['prices.csv']);
    expect(readFileSync(chosen, 'utf8')).toBe('new');
  });

  it('a full disk is a clear error and leaves no partial file (an existing file stays as it was)', async () => {
    const chosen = path.join(tmp, 'prices.csv');
    writeFileSync(chosen, 'keep me');
    const files = createExportFiles({
      dialogs: fakeDialogs({ save: [chosen] }).dialogs,
      defaultDir: () => tmp,
      fs: fillingDisk(10),
    });
    const r = await files.open({ ...single, estimateBytes: 5 });
    if (!r.opened) throw new Error('not opened');
    await files.write({ exportId: r.exportId, name: 'prices-730.csv', chunk: bytes('12345') });
    await expect(files.write({ exportId: r.exportId, name: 'prices-730.csv', chunk: bytes('678901') })).rejects.toThrow(
      'The disk is full: the export stopped and its files were removed.',
    );
    expect(readdirSync(tmp)).toEqual(['prices.csv']);
    expect(readFileSync(chosen, 'utf8')).toBe('keep me');
  });

  it('refuses to start when the estimate does not fit the free space there, before writing anything', async () => {
    const files = createExportFiles({
      dialogs: fakeDialogs({ save: [path.join(tmp, 'p.csv')] }).dialogs,
      defaultDir: () => tmp,
      fs: { ...nodeExportFs, freeBytes: async () => 50e6 },
    });
    await expect(files.open({ ...single, estimateBytes: 90e6 })).rejects.toThrow(
      'Not enough free space there: the export needs about 90 MB, the disk has 50 MB free.',
    );
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('a name the dialog returned without its extension gets it, and an existing file of that name is a question first', async () => {
    writeFileSync(path.join(tmp, 'report.csv'), 'keep me');
    const fake = fakeDialogs({
      save: [path.join(tmp, 'report'), path.join(tmp, 'report')],
      box: ['Cancel', 'Replace'],
    });
    const files = createExportFiles({ dialogs: fake.dialogs, defaultDir: () => tmp });
    await expect(files.open(single)).resolves.toEqual({ opened: false });
    expect(fake.boxes[0]?.message).toContain('report.csv');
    expect(readdirSync(tmp)).toEqual(['report.csv']);
    const r = await files.open(single);
    if (!r.opened) throw new Error('not opened');
    expect(r.path).toBe(path.join(tmp, 'report.csv'));
    await files.write({ exportId: r.exportId, name: 'prices-730.csv', chunk: bytes('new') });
    await files.end({ exportId: r.exportId, name: 'prices-730.csv' });
    expect(readFileSync(path.join(tmp, 'report.csv'), 'utf8')).toBe('new');
  });
});

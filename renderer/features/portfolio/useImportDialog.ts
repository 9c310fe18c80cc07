/** The import dialog's model: the chosen source, the file or pasted text read into a preview, and the import. */
import { useMemo, useState } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import { useItemNames } from '../../market/item-names';
import { decodeTextFile } from './model/import';
import { acceptedDrafts, importParsers, readImportFile } from './import-parsers';
import { previewCounts } from './ImportPreviewTable';
import { importDrafts } from './model/edits';
import type { ImportPreview } from './model/types';
import { portfolioRuntime, type UndoNote } from './portfolio-state';

export type ImportSource = 'csv' | 'steam' | 'paste';

/** Files above this are refused before reading (a 5,000-asset inventory is about 3 MB; the parsers have their own, smaller caps). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export function useImportDialog(game: GameId, onClose: () => void, onDone: (note: UndoNote) => void) {
  const names = useItemNames(game);
  const [source, setSource] = useState<ImportSource>('csv');
  const [pasted, setPasted] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  /** What the dialog did on its own with the file (another reader, another encoding). */
  const [fileNotice, setFileNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ctx = useMemo(() => ({ game, names, now: Date.now() }), [game, names]);

  const chooseSource = (s: ImportSource) => {
    setSource(s);
    setPreview(null);
    setFileProblem(null);
    setFileNotice(null);
  };

  const onFile = async (file: File | undefined) => {
    setFileProblem(null);
    setFileNotice(null);
    setPreview(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileProblem(
        `${file.name} is ${(file.size / 1e6).toFixed(1)} MB, more than an import reads (${MAX_FILE_BYTES / 1024 / 1024} MB).`,
      );
      return;
    }
    try {
      // Decoded by what the bytes show (UTF-8, or UTF-16 as Excel's "Unicode Text" saves), then read by what the text holds.
      const { text, encoding } = decodeTextFile(new Uint8Array(await file.arrayBuffer()));
      const read = readImportFile(text, source === 'steam' ? 'steam' : 'csv', ctx);
      if (read.source !== source) setSource(read.source);
      setPreview(read.preview);
      const notes = [
        read.notice,
        encoding === 'utf-8' ? null : `Read as ${encoding === 'utf-16le' ? 'UTF-16 LE' : 'UTF-16 BE'} text.`,
      ].filter(Boolean);
      setFileNotice(notes.length > 0 ? notes.join(' ') : null);
    } catch (e) {
      setFileProblem(`${file.name} could not be read: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const previewPasted = () => setPreview(importParsers.paste(pasted, ctx));

  const counts = preview ? previewCounts(preview) : null;
  const accept = async () => {
    if (!preview) return;
    const drafts = acceptedDrafts(preview, game);
    if (drafts.length === 0) return;
    setBusy(true);
    setFailure(null);
    try {
      onDone(await portfolioRuntime().commit(importDrafts(drafts, Date.now())));
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    source,
    chooseSource,
    pasted,
    setPasted,
    previewPasted,
    onFile,
    preview,
    counts,
    fileProblem,
    fileNotice,
    failure,
    busy,
    accept,
  };
}

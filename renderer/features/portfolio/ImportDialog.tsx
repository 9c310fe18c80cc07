/**
 * Import holdings: a CSV file, a Steam inventory JSON file (as a browser saves it from the public inventory
 * address) or a pasted list. The preview shows every row and why a row cannot be imported; nothing is added
 * until "Import" is pressed, and then only the rows without an error, in one write (one Undo). A file is
 * decoded by what its bytes show (UTF-8, or UTF-16 as Excel's "Unicode Text" saves it) and read by what it
 * holds (JSON as a Steam inventory, anything else as CSV), whichever was chosen; the dialog says when it
 * did either on its own.
 */
import { useId, useMemo, useState } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import { useMoneyFormat } from '../../lib/preferences';
import { useItemNames } from '../../market/item-names';
import { decodeTextFile } from './model/import';
import { acceptedDrafts, importParsers, readImportFile } from './import-parsers';
import { ImportPreviewTable, previewCounts } from './ImportPreviewTable';
import { importDrafts } from './model/edits';
import type { ImportPreview } from './model/types';
import { DialogFoot, PfDialog } from './PfDialog';
import { portfolioRuntime, type UndoNote } from './portfolio-state';

type Source = 'csv' | 'steam' | 'paste';

/** Files above this are refused before reading (a 5,000-asset inventory is about 3 MB; the parsers have their own, smaller caps). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export function ImportDialog({
  game,
  onClose,
  onDone,
}: {
  game: GameId;
  onClose(): void;
  onDone(note: UndoNote): void;
}) {
  const money = useMoneyFormat();
  const names = useItemNames(game);
  const [source, setSource] = useState<Source>('csv');
  const [pasted, setPasted] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  /** What the dialog did on its own with the file (another reader, another encoding). */
  const [fileNotice, setFileNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const ctx = useMemo(() => ({ game, names, now: Date.now() }), [game, names]);

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

  return (
    <PfDialog
      title="Import holdings"
      subtitle="Nothing is added until you check the preview and press Import."
      onClose={onClose}
      testId="pf-import-dialog"
      wide
    >
      <div className="pf-form">
        <fieldset className="field field--fieldset">
          <legend className="field__label">From</legend>
          <div className="pf-inline" role="radiogroup">
            {(
              [
                ['csv', 'CSV file'],
                ['steam', 'Steam inventory JSON file'],
                ['paste', 'Pasted list'],
              ] as const
            ).map(([s, label]) => (
              <label key={s} className="pf-radio">
                <input
                  type="radio"
                  name={`${id}-src`}
                  value={s}
                  checked={source === s}
                  onChange={() => {
                    setSource(s);
                    setPreview(null);
                    setFileProblem(null);
                    setFileNotice(null);
                  }}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {source === 'paste' ? (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-paste`}>
              One item per line
            </label>
            <textarea
              id={`${id}-paste`}
              className="input pf-paste"
              rows={6}
              placeholder={'2x AK-47 | Redline (Field-Tested)\nAWP | Asiimov (Field-Tested)'}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
            />
            <div className="pf-inline">
              <button
                type="button"
                className="btn btn--small"
                disabled={!pasted.trim()}
                onClick={() => setPreview(importParsers.paste(pasted, ctx))}
              >
                Preview
              </button>
            </div>
          </div>
        ) : (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-file`}>
              {source === 'csv'
                ? 'CSV file (name, quantity, cost, date, market, locked until, note: headers are matched loosely)'
                : `Inventory JSON saved from steamcommunity.com/inventory/<SteamID64>/${game}/2`}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              className="input"
              accept={source === 'csv' ? '.csv,text/csv,text/plain' : '.json,application/json'}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </div>
        )}
        {fileNotice ? (
          <p className="pf-note" role="status" data-testid="pf-import-notice">
            {fileNotice}
          </p>
        ) : null}
        {fileProblem ? (
          <p className="pf-problem" role="alert">
            {fileProblem}
          </p>
        ) : null}
        {preview?.fatal ? (
          <p className="pf-problem" role="alert" data-testid="pf-import-fatal">
            {preview.fatal}
          </p>
        ) : null}
        {preview && !preview.fatal ? <ImportPreviewTable preview={preview} money={money} /> : null}
        <DialogFoot failure={failure} onCancel={onClose}>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!counts || counts.ok === 0 || busy}
            onClick={() => void accept()}
          >
            {counts && counts.ok > 0 ? `Import ${counts.ok} ${counts.ok === 1 ? 'row' : 'rows'}` : 'Import'}
          </button>
        </DialogFoot>
      </div>
    </PfDialog>
  );
}

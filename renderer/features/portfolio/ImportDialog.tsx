/**
 * Import holdings: a CSV file, a Steam inventory JSON file (as a browser saves it from the public inventory
 * address) or a pasted list. The preview shows every row and why a row cannot be imported; nothing is added
 * until "Import" is pressed, and then only the rows without an error, in one write (one Undo). A file is
 * decoded by what its bytes show (UTF-8, or UTF-16 as Excel's "Unicode Text" saves it) and read by what it
 * holds (JSON as a Steam inventory, anything else as CSV), whichever was chosen; the dialog says when it
 * did either on its own.
 */
import { useId } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import { useMoneyFormat } from '../../lib/preferences';
import { ImportPreviewTable } from './ImportPreviewTable';
import { ImportFileField, ImportSourcePicker, PastedListField } from './ImportSourceFields';
import { DialogFoot, PfDialog } from './PfDialog';
import type { UndoNote } from './portfolio-state';
import { useImportDialog } from './useImportDialog';

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
  const id = useId();
  const im = useImportDialog(game, onClose, onDone);
  const { source, preview, counts } = im;

  return (
    <PfDialog
      title="Import holdings"
      subtitle="Nothing is added until you check the preview and press Import."
      onClose={onClose}
      testId="pf-import-dialog"
      wide
    >
      <div className="pf-form">
        <ImportSourcePicker id={id} source={source} onChoose={im.chooseSource} />
        {source === 'paste' ? (
          <PastedListField id={id} pasted={im.pasted} onChange={im.setPasted} onPreview={im.previewPasted} />
        ) : (
          <ImportFileField id={id} source={source} game={game} onFile={(file) => void im.onFile(file)} />
        )}
        {im.fileNotice ? (
          <p className="pf-note" role="status" data-testid="pf-import-notice">
            {im.fileNotice}
          </p>
        ) : null}
        {im.fileProblem ? (
          <p className="pf-problem" role="alert">
            {im.fileProblem}
          </p>
        ) : null}
        {preview?.fatal ? (
          <p className="pf-problem" role="alert" data-testid="pf-import-fatal">
            {preview.fatal}
          </p>
        ) : null}
        {preview && !preview.fatal ? <ImportPreviewTable preview={preview} money={money} /> : null}
        <DialogFoot failure={im.failure} onCancel={onClose}>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!counts || counts.ok === 0 || im.busy}
            onClick={() => void im.accept()}
          >
            {counts && counts.ok > 0 ? `Import ${counts.ok} ${counts.ok === 1 ? 'row' : 'rows'}` : 'Import'}
          </button>
        </DialogFoot>
      </div>
    </PfDialog>
  );
}

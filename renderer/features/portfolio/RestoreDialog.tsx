/**
 * Restore from a backup file: the file's size is checked before it is read (model/backup.ts MAX_BACKUP_BYTES),
 * then it is read and checked whole (a bad record names itself and nothing is changed); the dialog says what
 * will be added, replaced and removed, and how many unreadable stored records a replace deletes, for "Add to
 * what is here" (the default) or "Replace everything", and asks to confirm. One write, one Undo.
 */
import { useId, useState } from 'react';
import { DEFAULT_RESTORE_MODE, planRestore, readBackupFile, type RestoreMode } from './model/backup';
import { restoreBackup } from './model/edits';
import type { Backup } from './model/types';
import { PfDialog } from './PfDialog';
import { portfolioRuntime, usePortfolio, type UndoNote } from './portfolio-state';
import { RestoreChoice } from './RestoreChoice';

export function RestoreDialog({ onClose, onDone }: { onClose(): void; onDone(note: UndoNote): void }) {
  const view = usePortfolio();
  const [backup, setBackup] = useState<{ file: string; data: Backup } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<RestoreMode>(DEFAULT_RESTORE_MODE);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onFile = async (file: File | undefined) => {
    setBackup(null);
    setProblem(null);
    if (!file) return;
    const read = await readBackupFile(file);
    if (read.ok) setBackup({ file: file.name, data: read.backup });
    else setProblem(read.error);
  };

  const plan = backup ? planRestore(view, backup.data, mode) : null;
  const restore = async () => {
    if (!backup) return;
    setBusy(true);
    try {
      onDone(await portfolioRuntime().commit(restoreBackup(view, backup.data, mode)));
      onClose();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PfDialog
      title="Restore from a backup"
      subtitle="A Market Desk portfolio backup (.json), every game."
      onClose={onClose}
      testId="pf-restore-dialog"
    >
      <div className="pf-form">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-file`}>
            Backup file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            className="input"
            accept=".json,application/json"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
        {problem ? (
          <p className="pf-problem" role="alert" data-testid="pf-restore-problem">
            {problem}
          </p>
        ) : null}
        {backup ? <RestoreChoice id={id} backup={backup} mode={mode} onMode={setMode} plan={plan} /> : null}
        <footer className="pf-form__foot">
          <span className="pf-spacer" />
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${mode === 'replace' ? 'btn--danger' : 'btn--primary'}`}
            disabled={!backup || busy}
            onClick={() => void restore()}
          >
            {mode === 'replace' ? 'Replace with the backup' : 'Add the backup'}
          </button>
        </footer>
      </div>
    </PfDialog>
  );
}

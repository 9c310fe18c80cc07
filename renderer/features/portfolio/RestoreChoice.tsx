/** The restore dialog's part once a backup is read: what it holds, add or replace, and what that would do. */
import { describeRestore, type RestoreMode, type RestorePlan } from './model/backup';
import type { Backup } from './model/types';

export function RestoreChoice({
  id,
  backup,
  mode,
  onMode,
  plan,
}: {
  id: string;
  backup: { file: string; data: Backup };
  mode: RestoreMode;
  onMode(mode: RestoreMode): void;
  plan: RestorePlan | null;
}) {
  return (
    <>
      <p className="field__hint">
        {backup.file}: {backup.data.holdings.length} holdings and {backup.data.sales.length} sales, saved{' '}
        {new Date(backup.data.exported).toLocaleString()}.
      </p>
      <fieldset className="field field--fieldset">
        <legend className="field__label">How</legend>
        <label className="pf-radio">
          <input type="radio" name={`${id}-mode`} checked={mode === 'add'} onChange={() => onMode('add')} />
          Add the backup to what is here (same records are replaced)
        </label>
        <label className="pf-radio">
          <input type="radio" name={`${id}-mode`} checked={mode === 'replace'} onChange={() => onMode('replace')} />
          Replace the whole portfolio with the backup (deletes what the backup does not have)
        </label>
      </fieldset>
      {plan ? (
        <p className="pf-confirm" data-testid="pf-restore-plan">
          {describeRestore(plan)}
        </p>
      ) : null}
    </>
  );
}

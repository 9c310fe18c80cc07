/** Split a lot in two: how many items go to a new lot of their own (same cost and date; the fee is shared). */
import { useId, useState } from 'react';
import { splitHolding } from './model/edits';
import { readSplit } from './model/forms';
import type { Holding } from './model/types';
import { DialogFoot, Field, PfDialog } from './PfDialog';
import { portfolioRuntime, type UndoNote } from './portfolio-state';

export function SplitDialog({
  holding,
  onClose,
  onDone,
}: {
  holding: Holding;
  onClose(): void;
  onDone(note: UndoNote): void;
}) {
  const [text, setText] = useState(String(Math.floor(holding.quantity / 2)));
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const save = async () => {
    const n = readSplit(text, holding.quantity);
    if (typeof n === 'string') {
      setError(n);
      return;
    }
    try {
      onDone(await portfolioRuntime().commit(splitHolding(holding, n, Date.now())));
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <PfDialog
      title="Split holding"
      subtitle={`${holding.name} · ${holding.quantity} items`}
      onClose={onClose}
      testId="pf-split-dialog"
    >
      <form
        className="pf-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field
          id={`${id}-n`}
          label="Items to the new lot"
          error={error}
          hint={`The rest (${holding.quantity} minus these) stays in this lot; the fee paid is shared between the two.`}
        >
          {(p) => (
            <input
              {...p}
              className="input pf-num"
              inputMode="numeric"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <DialogFoot failure={failure} onCancel={onClose}>
          <button type="submit" className="btn btn--primary">
            Split
          </button>
        </DialogFoot>
      </form>
    </PfDialog>
  );
}

/**
 * The holding editor: a new holding (the item prefilled from where it was opened) or an edit of one. Every
 * field is checked on save and a problem is said at its field; what was typed stays (nothing is lost on a
 * bad field). Enter saves, Escape cancels; a failed write keeps the dialog open with its sentence.
 */
import { useRef } from 'react';
import { gameName } from '../../../shared/catalog/games';
import { ItemPicker } from './ItemPicker';
import {
  closeHoldingEditor,
  restoreHoldingEditorFocus,
  type HoldingEditorRequest,
} from '../../requests/holding-editor';
import { DialogFoot, PfDialog } from './PfDialog';
import { AcquiredFields, CostFields } from './HoldingEditorFields';
import type { UndoNote } from './portfolio-state';
import { useHoldingEditor } from './useHoldingEditor';
import { useCurrency } from '../../market/currency/context';
import './portfolio.css';

export function HoldingEditor({ request, onDone }: { request: HoldingEditorRequest; onDone(note: UndoNote): void }) {
  const currency = useCurrency();
  const ed = useHoldingEditor(request, onDone);
  const { id, game, form, errors, set, existing } = ed;
  const itemRef = useRef<HTMLInputElement>(null);
  const qtyRef = useRef<HTMLInputElement>(null);

  return (
    <PfDialog
      title={existing ? 'Edit holding' : 'Add to portfolio'}
      subtitle={gameName(game)}
      onClose={closeHoldingEditor}
      testId="pf-holding-editor"
      initialFocus={request.mode === 'new' && request.name ? qtyRef : itemRef}
      onGone={restoreHoldingEditorFocus}
    >
      <form
        className="pf-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void ed.save();
        }}
      >
        {ed.gone ? <p className="pf-problem">This holding was deleted meanwhile. Close the dialog.</p> : null}
        {ed.changedElsewhere && !ed.gone ? (
          <p className="pf-problem" data-testid="pf-editor-changed">
            This holding was changed in another window since you opened it; saving now is refused.{' '}
            <button type="button" className="btn btn--small btn--ghost" onClick={ed.showNewValues}>
              Show the new values
            </button>
          </p>
        ) : null}
        <ItemPicker
          id={`${id}-name`}
          value={form.name}
          onChange={(v) => set('name', v)}
          names={ed.names}
          known={ed.known}
          error={errors.name}
          inputRef={itemRef}
        />
        <CostFields id={id} form={form} errors={errors} set={set} serviceCurrency={currency.service} qtyRef={qtyRef} />
        <AcquiredFields id={id} form={form} errors={errors} set={set} game={game} />
        <DialogFoot failure={ed.failure} failureTestId="pf-editor-failure" onCancel={closeHoldingEditor}>
          <button type="submit" className="btn btn--primary" disabled={ed.saving || ed.gone}>
            {existing ? 'Save holding' : 'Add holding'}
          </button>
        </DialogFoot>
      </form>
    </PfDialog>
  );
}

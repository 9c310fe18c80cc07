/**
 * The holding editor: a new holding (the item prefilled from where it was opened) or an edit of one. Every
 * field is checked on save and a problem is said at its field; what was typed stays (nothing is lost on a
 * bad field). Enter saves, Escape cancels; a failed write keeps the dialog open with its sentence.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DEFAULT_GAME_ID, gameName, isGameId, type GameId } from '../../../shared/catalog/games';
import { useItemNames } from '../../market/item-names';
import { ItemPicker } from './ItemPicker';
import { addHolding, editHolding } from './model/edits';
import { holdingForm, readHoldingForm, type FormErrors, type HoldingForm } from './model/forms';
import {
  closeHoldingEditor,
  restoreHoldingEditorFocus,
  type HoldingEditorRequest,
} from '../../requests/holding-editor';
import { DialogFoot, Field, PfDialog } from './PfDialog';
import { PlaceField } from './PlaceField';
import { HoldingSchema, type Holding } from './model/types';
import { portfolioRuntime, usePortfolio, type UndoNote } from './portfolio-state';
import { PortfolioConflictError } from './store';
import { useCurrency } from '../../market/currency/context';
import './portfolio.css';

export function HoldingEditor({ request, onDone }: { request: HoldingEditorRequest; onDone(note: UndoNote): void }) {
  const view = usePortfolio();
  const current = request.mode === 'edit' ? (view.holdings.find((h) => h.id === request.holdingId) ?? null) : null;
  // The lot as the form was filled from it: the save is built on it, so a lot another tab changed since is
  // refused by the store (not overwritten with this form's old values).
  const [base, setBase] = useState<Holding | null>(current);
  const existing = base ?? current;
  const changedElsewhere = base !== null && current !== null && !sameHolding(base, current);
  const currency = useCurrency();
  const [form, setForm] = useState<HoldingForm>(() =>
    holdingForm(existing, request.mode === 'new' ? (request.name ?? '') : ''),
  );
  // Opened before the portfolio was read: fill the form once the lot is known, and build the save on it.
  useEffect(() => {
    if (base === null && current !== null) {
      setBase(current);
      setForm(holdingForm(current, ''));
    }
  }, [base, current]);
  const requested = request.mode === 'new' ? request.game : (existing?.game ?? DEFAULT_GAME_ID);
  const game: GameId = isGameId(requested) ? requested : DEFAULT_GAME_ID;
  const names = useItemNames(game);
  const known = useMemo(() => (names ? new Set(names) : null), [names]);
  const [errors, setErrors] = useState<FormErrors<HoldingForm>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const itemRef = useRef<HTMLInputElement>(null);
  const qtyRef = useRef<HTMLInputElement>(null);
  const gone = request.mode === 'edit' && view.ready && !existing;
  const set = <K extends keyof HoldingForm>(k: K, v: HoldingForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    // The field's message goes once it is changed; the others stay until the next save.
    setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e));
  };

  const save = async () => {
    const read = readHoldingForm(form, game, existing?.origin ?? 'manual');
    if (!read.ok) {
      setErrors(read.errors);
      const first = Object.keys(read.errors)[0];
      document.getElementById(`${id}-${first === 'name' ? 'name' : first}`)?.focus();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const edit = existing ? editHolding(existing, read.value, Date.now()) : addHolding(read.value, Date.now());
      const note = await portfolioRuntime().commit(edit);
      closeHoldingEditor();
      onDone(note);
    } catch (e) {
      if (e instanceof PortfolioConflictError) {
        // The runtime has read the store again: show the lot as it is now, with why.
        const now =
          request.mode === 'edit'
            ? (portfolioRuntime()
                .get()
                .holdings.find((h) => h.id === request.holdingId) ?? null)
            : null;
        if (now) {
          setBase(now);
          setForm(holdingForm(now, ''));
          setErrors({});
        }
      }
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

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
          void save();
        }}
      >
        {gone ? <p className="pf-problem">This holding was deleted meanwhile. Close the dialog.</p> : null}
        {changedElsewhere && !gone ? (
          <p className="pf-problem" data-testid="pf-editor-changed">
            This holding was changed in another window since you opened it; saving now is refused.{' '}
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() => {
                setBase(current);
                setForm(holdingForm(current, ''));
                setErrors({});
                setFailure(null);
              }}
            >
              Show the new values
            </button>
          </p>
        ) : null}
        <ItemPicker
          id={`${id}-name`}
          value={form.name}
          onChange={(v) => set('name', v)}
          names={names}
          known={known}
          error={errors.name}
          inputRef={itemRef}
        />
        <div className="pf-row">
          <Field id={`${id}-quantity`} label="Quantity" error={errors.quantity}>
            {(p) => (
              <input
                {...p}
                ref={qtyRef}
                className="input pf-num"
                inputMode="numeric"
                value={form.quantity}
                onChange={(e) => set('quantity', e.target.value)}
              />
            )}
          </Field>
          <Field id={`${id}-unitCost`} label="Unit cost" error={errors.unitCost} hint="Per item; empty when not known.">
            {(p) => (
              <input
                {...p}
                className="input pf-num"
                inputMode="decimal"
                placeholder="—"
                value={form.unitCost}
                onChange={(e) => set('unitCost', e.target.value)}
              />
            )}
          </Field>
          <Field id={`${id}-fee`} label="Fee paid" error={errors.fee} hint="For the whole lot.">
            {(p) => (
              <input
                {...p}
                className="input pf-num"
                inputMode="decimal"
                placeholder="0"
                value={form.fee}
                onChange={(e) => set('fee', e.target.value)}
              />
            )}
          </Field>
          <Field
            id={`${id}-costCurrency`}
            label="Paid in"
            error={errors.costCurrency}
            hint="Currency code of the cost and fee; empty: the service’s. Converted at the rate of the acquired date."
          >
            {(p) => (
              <input
                {...p}
                className="input"
                maxLength={3}
                placeholder={currency.service}
                value={form.costCurrency}
                onChange={(e) => set('costCurrency', e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="pf-row">
          <Field id={`${id}-acquired`} label="Acquired" error={errors.acquired}>
            {(p) => (
              <input
                {...p}
                type="date"
                className="input"
                value={form.acquired}
                onChange={(e) => set('acquired', e.target.value)}
              />
            )}
          </Field>
          <PlaceField
            id={`${id}-place`}
            label="Bought at"
            game={game}
            place={form.place}
            placeText={form.placeText}
            error={errors.placeText}
            onPlace={(v) => set('place', v)}
            onText={(v) => set('placeText', v)}
          />
        </div>
        <div className="pf-row">
          <Field
            id={`${id}-lockedUntil`}
            label="Trade-locked until"
            error={errors.lockedUntil}
            hint="Empty when tradable."
          >
            {(p) => (
              <input
                {...p}
                type="datetime-local"
                className="input"
                value={form.lockedUntil}
                onChange={(e) => set('lockedUntil', e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field id={`${id}-note`} label="Note" error={errors.note}>
          {(p) => (
            <textarea
              {...p}
              className="input pf-note"
              rows={2}
              value={form.note}
              onChange={(e) => set('note', e.target.value)}
            />
          )}
        </Field>
        <DialogFoot failure={failure} failureTestId="pf-editor-failure" onCancel={closeHoldingEditor}>
          <button type="submit" className="btn btn--primary" disabled={saving || gone}>
            {existing ? 'Save holding' : 'Add holding'}
          </button>
        </DialogFoot>
      </form>
    </PfDialog>
  );
}

/** Same content; read through the schema first, which puts keys in one order whoever built the record. */
function sameHolding(a: Holding, b: Holding): boolean {
  return a === b || JSON.stringify(HoldingSchema.parse(a)) === JSON.stringify(HoldingSchema.parse(b));
}

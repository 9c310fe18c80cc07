/** The holding editor's model: the form, its errors, the lot it is built on, and the save. */
import { useEffect, useId, useMemo, useState } from 'react';
import { DEFAULT_GAME_ID, isGameId, type GameId } from '../../../shared/catalog/games';
import { useItemNames } from '../../market/item-names';
import { addHolding, editHolding } from './model/edits';
import { holdingForm, readHoldingForm, type FormErrors, type HoldingForm } from './model/forms';
import { closeHoldingEditor, type HoldingEditorRequest } from '../../requests/holding-editor';
import { HoldingSchema, type Holding } from './model/types';
import { portfolioRuntime, usePortfolio, type UndoNote } from './portfolio-state';
import { PortfolioConflictError } from './store';

export type SetHoldingField = <K extends keyof HoldingForm>(k: K, v: HoldingForm[K]) => void;

export function useHoldingEditor(request: HoldingEditorRequest, onDone: (note: UndoNote) => void) {
  const view = usePortfolio();
  const current = request.mode === 'edit' ? (view.holdings.find((h) => h.id === request.holdingId) ?? null) : null;
  // The lot as the form was filled from it: the save is built on it, so a lot another tab changed since is
  // refused by the store (not overwritten with this form's old values).
  const [base, setBase] = useState<Holding | null>(current);
  const existing = base ?? current;
  const changedElsewhere = base !== null && current !== null && !sameHolding(base, current);
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
  const gone = request.mode === 'edit' && view.ready && !existing;
  const set: SetHoldingField = (k, v) => {
    setForm((f) => ({ ...f, [k]: v }));
    // The field's message goes once it is changed; the others stay until the next save.
    setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e));
  };
  const fillFrom = (lot: Holding | null) => {
    setBase(lot);
    setForm(holdingForm(lot, ''));
    setErrors({});
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
        if (now) fillFrom(now);
      }
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const showNewValues = () => {
    fillFrom(current);
    setFailure(null);
  };

  return {
    id,
    game,
    names,
    known,
    existing,
    changedElsewhere,
    gone,
    form,
    errors,
    failure,
    saving,
    set,
    save,
    showNewValues,
  };
}

/** Same content; read through the schema first, which puts keys in one order whoever built the record. */
function sameHolding(a: Holding, b: Holding): boolean {
  return a === b || JSON.stringify(HoldingSchema.parse(a)) === JSON.stringify(HoldingSchema.parse(b));
}

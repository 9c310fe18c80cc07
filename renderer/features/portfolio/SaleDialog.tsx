/**
 * "Record sale": what was sold (quantity, price per item, fee, day, where). The ledger takes it from the
 * item's oldest lots (first in, first out); the dialog says which, and flags selling more than is held.
 */
import { useId, useMemo, useState } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import { formatMoney } from '../../../shared/money/money';
import { useMoneyFormat } from '../../lib/preferences';
import { useCurrency } from '../../market/currency/context';
import { addSale, editSale } from './model/edits';
import { readSaleForm, saleForm, type FormErrors, type SaleForm } from './model/forms';
import type { Sale } from './model/types';
import { DialogFoot, Field, PfDialog } from './PfDialog';
import { PlaceField } from './PlaceField';
import { portfolioRuntime, type UndoNote } from './portfolio-state';

interface SaleDialogProps {
  game: GameId;
  name: string;
  /** Items of this name held now (before this sale; with it, when editing). */
  held: number;
  existing: Sale | null;
  onClose(): void;
  onDone(note: UndoNote): void;
}

export function SaleDialog({ game, name, held, existing, onClose, onDone }: SaleDialogProps) {
  const money = useMoneyFormat();
  // A sale is recorded in the service's currency (what the ledger keeps): the inputs say which.
  const { service } = useCurrency();
  const [form, setForm] = useState<SaleForm>(() => saleForm(existing));
  const [errors, setErrors] = useState<FormErrors<SaleForm>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const set = <K extends keyof SaleForm>(k: K, v: SaleForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e));
  };
  const preview = useMemo(() => readSaleForm(form, game, name), [form, game, name]);
  const over = preview.ok && preview.value.quantity > held ? preview.value.quantity - held : 0;

  const save = async () => {
    const read = readSaleForm(form, game, name);
    if (!read.ok) {
      setErrors(read.errors);
      document
        .getElementById(`${id}-${Object.keys(read.errors)[0] === 'placeText' ? 'place' : Object.keys(read.errors)[0]}`)
        ?.focus();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const edit = existing ? editSale(existing, read.value, Date.now()) : addSale(read.value, Date.now());
      onDone(await portfolioRuntime().commit(edit));
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <PfDialog
      title={existing ? 'Edit sale' : 'Record sale'}
      subtitle={`${name} · ${held} held`}
      onClose={onClose}
      testId="pf-sale-dialog"
    >
      <form
        className="pf-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="pf-row">
          <Field id={`${id}-quantity`} label="Quantity sold" error={errors.quantity}>
            {(p) => (
              <input
                {...p}
                className="input pf-num"
                inputMode="numeric"
                value={form.quantity}
                onChange={(e) => set('quantity', e.target.value)}
              />
            )}
          </Field>
          <Field
            id={`${id}-unitPrice`}
            label={`Price per item (${service})`}
            error={errors.unitPrice}
            hint="Before the fee."
          >
            {(p) => (
              <input
                {...p}
                className="input pf-num"
                inputMode="decimal"
                value={form.unitPrice}
                onChange={(e) => set('unitPrice', e.target.value)}
              />
            )}
          </Field>
          <Field id={`${id}-fee`} label={`Fee taken (${service})`} error={errors.fee} hint="For the whole sale.">
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
        </div>
        <div className="pf-row">
          <Field id={`${id}-sold`} label="Sold on" error={errors.sold}>
            {(p) => (
              <input
                {...p}
                type="date"
                className="input"
                value={form.sold}
                onChange={(e) => set('sold', e.target.value)}
              />
            )}
          </Field>
          <PlaceField
            id={`${id}-place`}
            label="Sold at"
            game={game}
            place={form.place}
            placeText={form.placeText}
            error={errors.placeText}
            onPlace={(v) => set('place', v)}
            onText={(v) => set('placeText', v)}
          />
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
        <p className="field__hint" aria-live="polite">
          {preview.ok
            ? `Proceeds ${formatMoney(preview.value.unitPrice * preview.value.quantity - (preview.value.fee ?? 0), money)}; the cost comes from the oldest lots first (FIFO).`
            : ''}
        </p>
        {over > 0 ? (
          <p className="pf-problem is-warn" role="alert">
            This sells {over} more than the {held} held: it is recorded and flagged, and its realised profit stays
            unknown until the missing lots are added.
          </p>
        ) : null}
        <DialogFoot failure={failure} onCancel={onClose}>
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {existing ? 'Save sale' : 'Record sale'}
          </button>
        </DialogFoot>
      </form>
    </PfDialog>
  );
}

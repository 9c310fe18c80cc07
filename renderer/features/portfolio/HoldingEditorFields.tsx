/** The holding editor's fields past the item: quantity, cost, fee, currency, date, place, lock and note. */
import type { RefObject } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import type { FormErrors, HoldingForm } from './model/forms';
import { Field } from './PfDialog';
import { DatePlaceRow, NoteField } from './DatePlaceFields';
import type { SetHoldingField } from './useHoldingEditor';

interface HoldingFieldsProps {
  id: string;
  form: HoldingForm;
  errors: FormErrors<HoldingForm>;
  set: SetHoldingField;
  game: GameId;
  serviceCurrency: string;
  qtyRef: RefObject<HTMLInputElement | null>;
}

/** Quantity, unit cost, fee and the currency they were paid in. */
export function CostFields({ id, form, errors, set, serviceCurrency, qtyRef }: Omit<HoldingFieldsProps, 'game'>) {
  return (
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
            placeholder={serviceCurrency}
            value={form.costCurrency}
            onChange={(e) => set('costCurrency', e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}

/** When and where it was acquired, until when it is trade-locked, and the note. */
export function AcquiredFields({
  id,
  form,
  errors,
  set,
  game,
}: Omit<HoldingFieldsProps, 'serviceCurrency' | 'qtyRef'>) {
  return (
    <>
      <DatePlaceRow
        id={id}
        dateField="acquired"
        dateLabel="Acquired"
        date={form.acquired}
        dateError={errors.acquired}
        placeLabel="Bought at"
        game={game}
        place={form.place}
        placeText={form.placeText}
        placeError={errors.placeText}
        onDate={(v) => set('acquired', v)}
        onPlace={(v) => set('place', v)}
        onText={(v) => set('placeText', v)}
      />
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
      <NoteField id={id} note={form.note} error={errors.note} onChange={(v) => set('note', v)} />
    </>
  );
}

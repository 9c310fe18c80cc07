/** The sale dialog's fields: quantity, price and fee (in the service's currency), day, place and note. */
import type { GameId } from '../../../shared/catalog/games';
import type { FormErrors, SaleForm } from './model/forms';
import { Field } from './PfDialog';
import { DatePlaceRow, NoteField } from './DatePlaceFields';
import type { SetSaleField } from './useSaleDialog';

export function SaleFormFields({
  id,
  game,
  service,
  form,
  errors,
  set,
}: {
  id: string;
  game: GameId;
  /** The service's currency code, which the ledger keeps a sale in. */
  service: string;
  form: SaleForm;
  errors: FormErrors<SaleForm>;
  set: SetSaleField;
}) {
  return (
    <>
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
      <DatePlaceRow
        id={id}
        dateField="sold"
        dateLabel="Sold on"
        date={form.sold}
        dateError={errors.sold}
        placeLabel="Sold at"
        game={game}
        place={form.place}
        placeText={form.placeText}
        placeError={errors.placeText}
        onDate={(v) => set('sold', v)}
        onPlace={(v) => set('place', v)}
        onText={(v) => set('placeText', v)}
      />
      <NoteField id={id} note={form.note} error={errors.note} onChange={(v) => set('note', v)} />
    </>
  );
}

/**
 * "Record sale": what was sold (quantity, price per item, fee, day, where). The ledger takes it from the
 * item's oldest lots (first in, first out); the dialog says which, and flags selling more than is held.
 */
import { formatMoney } from '../../../shared/money/money';
import { useMoneyFormat } from '../../lib/preferences';
import { useCurrency } from '../../market/currency/context';
import { DialogFoot, PfDialog } from './PfDialog';
import { SaleFormFields } from './SaleFormFields';
import { useSaleDialog, type SaleDialogProps } from './useSaleDialog';

export function SaleDialog({ game, name, held, existing, onClose, onDone }: SaleDialogProps) {
  const money = useMoneyFormat();
  // A sale is recorded in the service's currency (what the ledger keeps): the inputs say which.
  const { service } = useCurrency();
  const { id, form, errors, failure, saving, set, preview, over, save } = useSaleDialog({
    game,
    name,
    held,
    existing,
    onClose,
    onDone,
  });

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
        <SaleFormFields id={id} game={game} service={service} form={form} errors={errors} set={set} />
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

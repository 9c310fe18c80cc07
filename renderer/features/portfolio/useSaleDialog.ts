/** The sale dialog's model: the form, its errors, what it reads as (for the proceeds and the oversell flag), and the save. */
import { useId, useMemo, useState } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import { addSale, editSale } from './model/edits';
import { readSaleForm, saleForm, type FormErrors, type SaleForm } from './model/forms';
import type { Sale } from './model/types';
import { portfolioRuntime, type UndoNote } from './portfolio-state';

export type SetSaleField = <K extends keyof SaleForm>(k: K, v: SaleForm[K]) => void;

export interface SaleDialogProps {
  game: GameId;
  name: string;
  /** Items of this name held now (before this sale; with it, when editing). */
  held: number;
  existing: Sale | null;
  onClose(): void;
  onDone(note: UndoNote): void;
}

export function useSaleDialog(o: SaleDialogProps) {
  const { game, name, held, existing, onClose, onDone } = o;
  const [form, setForm] = useState<SaleForm>(() => saleForm(existing));
  const [errors, setErrors] = useState<FormErrors<SaleForm>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const set: SetSaleField = (k, v) => {
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

  return { id, form, errors, failure, saving, set, preview, over, save };
}

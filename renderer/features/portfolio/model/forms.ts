/**
 * The editor dialogs' fields as typed text, and reading them into records: every field is checked and each
 * problem is said at its field, while the text stays as typed (nothing is lost on a bad field).
 */
import type { GameId } from '../../../../shared/catalog/games';
import { parseMoney, toDecimalString } from '../../../../shared/money/money';
import { isCurrencyCode } from '../../../market/currency/currencies';
import type { SaleDraft } from './edits';
import { Day, MAX_NOTE, MAX_QUANTITY, type Holding, type HoldingDraft, type Place, type Sale } from './types';

/** The place picker: a market's slug, OTHER (free text in `placeText`), or '' (not said). */
export const OTHER_PLACE = '__other__';

export interface HoldingForm {
  name: string;
  quantity: string;
  unitCost: string;
  fee: string;
  /** The currency the cost and fee were paid in (ISO 4217); '' = the service's. */
  costCurrency: string;
  acquired: string;
  place: string;
  placeText: string;
  /** A datetime-local value ("2026-03-08T07:00"), local time; '' = not locked. */
  lockedUntil: string;
  note: string;
}

export type FormErrors<F> = Partial<Record<keyof F, string>>;

export type FormRead<F, T> = { ok: true; value: T } | { ok: false; errors: FormErrors<F> };

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** ms → a datetime-local value in local time. */
function localDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Today as 'YYYY-MM-DD' in local time (the day a trader writes down). */
function today(now: number = Date.now()): string {
  return localDateTime(now).slice(0, 10);
}

function moneyText(v: number | null): string {
  return v === null ? '' : toDecimalString(v).replace(/\.?0+$/, '');
}

function placeFields(place: Place | null): { place: string; placeText: string } {
  if (!place) return { place: '', placeText: '' };
  return place.kind === 'market' ? { place: place.slug, placeText: '' } : { place: OTHER_PLACE, placeText: place.text };
}

export function holdingForm(h: Holding | null, name = '', now = Date.now()): HoldingForm {
  if (!h)
    return {
      name,
      quantity: '1',
      unitCost: '',
      fee: '',
      costCurrency: '',
      acquired: today(now),
      place: '',
      placeText: '',
      lockedUntil: '',
      note: '',
    };
  return {
    name: h.name,
    quantity: String(h.quantity),
    unitCost: moneyText(h.unitCost),
    fee: moneyText(h.fee),
    costCurrency: h.costCurrency ?? '',
    acquired: h.acquired ?? '',
    ...placeFields(h.place),
    lockedUntil: h.lockedUntil === null ? '' : localDateTime(h.lockedUntil),
    note: h.note,
  };
}

function readQuantity(text: string, max = MAX_QUANTITY): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return 'A whole number of items, 1 or more.';
  const n = Number(t);
  if (n < 1) return 'At least 1 item.';
  if (n > max) return `At most ${max.toLocaleString('en-US')}.`;
  return n;
}

/** Money text → thousandths; '' → null when `optional`. */
function readMoney(text: string, optional: boolean): number | null | string {
  const t = text.trim();
  if (!t) return optional ? null : 'Required.';
  const v = parseMoney(t);
  if (v === null) return 'A price such as 12.50 (up to 3 decimals).';
  if (v < 0) return 'Not below 0.';
  if (v > 1e12) return 'Too large.';
  return v;
}

function readDay(text: string, optional: boolean): string | null | { error: string } {
  const t = text.trim();
  if (!t) return optional ? null : { error: 'Required.' };
  return Day.safeParse(t).success ? t : { error: 'A date such as 2026-03-08.' };
}

function readPlace(place: string, text: string): Place | null | { error: string } {
  if (place === OTHER_PLACE) {
    const t = text.trim();
    if (!t) return { error: 'Say where, or pick a market.' };
    if (t.length > 200) return { error: 'At most 200 characters.' };
    return { kind: 'text', text: t };
  }
  return place ? { kind: 'market', slug: place } : null;
}

export function readHoldingForm(
  f: HoldingForm,
  game: GameId,
  origin: Holding['origin'] = 'manual',
): FormRead<HoldingForm, HoldingDraft> {
  const errors: FormErrors<HoldingForm> = {};
  const name = f.name.trim();
  if (!name) errors.name = 'Pick or type an item.';
  else if (name.length > 500) errors.name = 'At most 500 characters.';
  const quantity = readQuantity(f.quantity);
  if (typeof quantity === 'string') errors.quantity = quantity;
  const unitCost = readMoney(f.unitCost, true);
  if (typeof unitCost === 'string') errors.unitCost = unitCost;
  const fee = readMoney(f.fee, true);
  if (typeof fee === 'string') errors.fee = fee;
  const costCurrency = f.costCurrency.trim().toUpperCase();
  if (costCurrency && !isCurrencyCode(costCurrency))
    errors.costCurrency = 'An ISO 4217 currency code (three letters, e.g. CNY), or empty for the service’s currency.';
  const acquired = readDay(f.acquired, true);
  if (acquired !== null && typeof acquired === 'object') errors.acquired = acquired.error;
  const place = readPlace(f.place, f.placeText);
  if (place !== null && 'error' in place) errors.placeText = place.error;
  let lockedUntil: number | null = null;
  if (f.lockedUntil.trim()) {
    const ms = new Date(f.lockedUntil.trim()).getTime();
    if (Number.isNaN(ms) || ms < 0) errors.lockedUntil = 'A date and time, or empty when tradable.';
    else lockedUntil = ms;
  }
  if (f.note.length > MAX_NOTE) errors.note = `At most ${MAX_NOTE} characters.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      game,
      name,
      quantity: quantity as number,
      unitCost: unitCost as number | null,
      fee: fee as number | null,
      // Always said (null = the service's): clearing the field on an edit clears the currency.
      costCurrency: costCurrency || null,
      acquired: acquired as string | null,
      place: place as Place | null,
      lockedUntil,
      note: f.note,
      origin,
    },
  };
}

export interface SaleForm {
  quantity: string;
  unitPrice: string;
  fee: string;
  sold: string;
  place: string;
  placeText: string;
  note: string;
}

export function saleForm(s: Sale | null, now = Date.now()): SaleForm {
  if (!s) return { quantity: '1', unitPrice: '', fee: '', sold: today(now), place: '', placeText: '', note: '' };
  return {
    quantity: String(s.quantity),
    unitPrice: moneyText(s.unitPrice),
    fee: moneyText(s.fee),
    sold: s.sold,
    ...placeFields(s.place),
    note: s.note,
  };
}

export function readSaleForm(f: SaleForm, game: GameId, name: string): FormRead<SaleForm, SaleDraft> {
  const errors: FormErrors<SaleForm> = {};
  const quantity = readQuantity(f.quantity);
  if (typeof quantity === 'string') errors.quantity = quantity;
  const unitPrice = readMoney(f.unitPrice, false);
  if (typeof unitPrice === 'string' || unitPrice === null)
    errors.unitPrice = typeof unitPrice === 'string' ? unitPrice : 'Required.';
  const fee = readMoney(f.fee, true);
  if (typeof fee === 'string') errors.fee = fee;
  const sold = readDay(f.sold, false);
  if (sold === null || typeof sold === 'object') errors.sold = sold?.error ?? 'Required.';
  const place = readPlace(f.place, f.placeText);
  if (place !== null && 'error' in place) errors.placeText = place.error;
  if (f.note.length > MAX_NOTE) errors.note = `At most ${MAX_NOTE} characters.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      game,
      name,
      quantity: quantity as number,
      unitPrice: unitPrice as number,
      fee: fee as number | null,
      sold: sold as string,
      place: place as Place | null,
      note: f.note,
    },
  };
}

/** The split dialog's one field: how many items go to the new lot (1 … quantity − 1). */
export function readSplit(text: string, quantity: number): number | string {
  if (quantity < 2) return 'A lot of one item cannot be split.';
  const n = readQuantity(text, quantity - 1);
  return typeof n === 'string' ? `${n.replace(/\.$/, '')} (1 to ${quantity - 1}).` : n;
}

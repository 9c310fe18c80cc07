/**
 * The editor's two ways out that write: save (parse the draft; on a bad value keep the dialog open, the
 * messages at their fields and focus on the first; else save, close and say so) and delete (close, and say
 * so with an Undo). A failure to write stays in the dialog as a message.
 */
import { useState, type RefObject } from 'react';
import type { MoneyFormat } from '../../../../shared/money/money';
import { useStableCallback } from '../../../lib/useStableCallback';
import { useDataSource } from '../../../market/providers';
import { closeAlertEditor } from '../../../requests/alert-editor';
import { describeAlert } from '../model/describe';
import { parseDraft, type Draft, type DraftErrors } from '../model/draft';
import type { Observation } from '../model/evaluate';
import { newId, type Alert } from '../model/types';
import { alertsRuntime } from '../alert-checks';
import type { MarketChoice } from './useAlertDraft';
import type { NowPrices } from './useItemNowPrices';

/** Says what was done (and how to take it back): the host's note. */
export type EditorDone = (text: string, undo?: () => void) => void;

/** The fields in the form's order: a failed save focuses the first that needs fixing. */
const FIELD_ORDER = ['market', 'askPrice', 'bidPrice', 'spreadValue', 'changePercent', 'hystValue'] as const;

export interface AlertSubmitInput {
  existing: Alert | null;
  game: number;
  item: string;
  draft: Draft;
  marketChoices: readonly MarketChoice[];
  setErrors(errors: DraftErrors): void;
  obs: Observation | null;
  now: NowPrices;
  nameOf(slug: string): string;
  money: MoneyFormat;
  dialogRef: RefObject<HTMLDialogElement | null>;
  onDone: EditorDone;
}

export interface AlertSubmit {
  save(): Promise<void>;
  remove(): Promise<void>;
  /** Why the last save or delete failed; null after a new try. */
  failure: string | null;
  saving: boolean;
}

export function useAlertSubmit(input: AlertSubmitInput): AlertSubmit {
  const {
    existing,
    game,
    item,
    draft,
    marketChoices,
    setErrors,
    obs,
    now: prices,
    nameOf,
    money,
    dialogRef,
    onDone,
  } = input;
  const { sourceKey } = useDataSource();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = useStableCallback(async () => {
    const now = Date.now();
    const parsed = parseDraft(draft, {
      id: existing?.id ?? newId(),
      game,
      item,
      createdAt: existing?.createdAt ?? now,
      now,
      markets: marketChoices.map((m) => m.slug),
    });
    setErrors(parsed.errors);
    setFailure(null);
    if (!parsed.alert) {
      const first = FIELD_ORDER.find((f) => parsed.errors[f]);
      if (first) dialogRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await alertsRuntime().save(
        parsed.alert,
        obs,
        sourceKey,
        now,
        prices.snap ? { loaded: prices.snap, fees: prices.fees } : null,
      );
      closeAlertEditor();
      onDone(`${existing ? 'Alert saved' : 'Alert created'}: ${describeAlert(saved, nameOf, money)}`);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  });

  const remove = useStableCallback(async () => {
    if (!existing) return;
    try {
      const removed = await alertsRuntime().remove(existing.id);
      closeAlertEditor();
      if (removed) onDone(`Deleted the alert on ${existing.item}`, () => void alertsRuntime().restore(removed));
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  });

  return { save, remove, failure, saving };
}

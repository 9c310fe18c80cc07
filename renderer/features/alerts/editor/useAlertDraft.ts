/**
 * The editor's draft: the form's text as typed (seeded from the alert edited, or from the prices now for a
 * new one), the messages per field from the last save, the markets the condition can watch, and the
 * condition parsed so far. Typing in a field clears its message; nothing typed is lost on a bad value.
 */
import { useMemo, useState } from 'react';
import type { MarketPlan } from '../../../market/prefs';
import { useStableCallback } from '../../../lib/useStableCallback';
import { draftOf, newDraft, parseCondition, type Draft, type DraftErrors, type DraftField } from '../model/draft';
import { ANY_MARKET, type Alert, type Condition } from '../model/types';
import type { NowPrices } from './useItemNowPrices';

/** Sets one field of the draft (and clears that field's message). Stable: memoized parts take it. */
export type SetDraftField = <K extends keyof Draft>(k: K, v: Draft[K]) => void;

/** A market the condition can watch, with its name in the picker. */
export interface MarketChoice {
  slug: string;
  label: string;
}

export interface AlertDraftModel {
  draft: Draft;
  errors: DraftErrors;
  setErrors(errors: DraftErrors): void;
  set: SetDraftField;
  marketChoices: MarketChoice[];
  /** The condition as typed, or null while a value makes no sense. */
  parsedCondition: Condition | null;
}

export function useAlertDraft(
  existing: Alert | null,
  now: NowPrices,
  gridNet: boolean,
  plan: MarketPlan,
): AlertDraftModel {
  const [draft, setDraft] = useState<Draft>(() =>
    existing
      ? draftOf(existing, { ask: now.ask?.price ?? null, bid: now.bid?.price ?? null })
      : newDraft({ ask: now.ask?.price ?? null, bid: now.bid?.price ?? null }, gridNet),
  );
  const [errors, setErrors] = useState<DraftErrors>({});

  const set: SetDraftField = useStableCallback(<K extends keyof Draft>(k: K, v: Draft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    if (k in errors) setErrors((e) => ({ ...e, [k as DraftField]: undefined }));
  });

  // The markets that quote the side(s) the condition reads; a market the alert names that is no longer
  // among them stays listed, marked, so an edit does not silently change it.
  const side =
    draft.kind === 'ask-below'
      ? 'ask'
      : draft.kind === 'bid-above'
        ? 'bid'
        : draft.kind === 'change'
          ? draft.side
          : 'both';
  const marketChoices = useMemo(() => {
    const list =
      side === 'ask'
        ? plan.askMarkets
        : side === 'bid'
          ? plan.bidMarkets
          : plan.askMarkets.filter((s) => plan.bidMarkets.includes(s));
    const out = list.map((slug) => ({ slug, label: plan.nameOf(slug) }));
    if (draft.market !== ANY_MARKET && !list.includes(draft.market))
      out.push({ slug: draft.market, label: `${plan.nameOf(draft.market)} (not among your markets)` });
    return out;
  }, [side, plan, draft.market]);

  return { draft, errors, setErrors, set, marketChoices, parsedCondition: parseCondition(draft).condition };
}

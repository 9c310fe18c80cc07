/**
 * What the draft's condition reads on the prices now (the value, the market it came from, or what is
 * missing): the editor's "already past the line?" and the change preview start from it.
 */
import { useMemo } from 'react';
import type { Draft } from '../model/draft';
import type { Observation } from '../model/evaluate';
import { observe } from '../model/observe';
import { ANY_MARKET, type Condition } from '../model/types';
import { changeProbe } from './useHistoryChange';
import type { NowPrices } from './useItemNowPrices';

/** null without prices now, or while the draft's values make no sense (a change still reads its price). */
export function useDraftObservation(
  item: string,
  draft: Draft,
  parsedCondition: Condition | null,
  now: NowPrices,
): Observation | null {
  // parsedCondition is rebuilt every render; its JSON is its identity.
  const conditionKey = JSON.stringify(parsedCondition);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const condition = useMemo(() => parsedCondition, [conditionKey]);
  return useMemo(() => {
    if (!now.snap) return null;
    const probe = condition ?? (draft.kind === 'change' ? changeProbe(draft) : null);
    if (!probe) return null;
    return observe(
      now.snap,
      {
        item,
        market: draft.kind === 'mark' ? ANY_MARKET : draft.market,
        condition: probe,
        net: draft.net,
        requireTrusted: draft.requireTrusted,
      },
      now.fees,
      now.markOf,
      now.quotes,
    );
    // The draft's other fields (its text while typed) do not change what is observed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    now,
    item,
    draft.market,
    draft.net,
    draft.requireTrusted,
    draft.kind,
    draft.windowMs,
    draft.direction,
    draft.side,
    condition,
  ]);
}

/**
 * The change preview of a change alert: the change so far within the draft's window, read from the local
 * price history (the window a saved alert starts from), so the editor can say where the item stands.
 */
import { useEffect, useState } from 'react';
import { changeAt } from '../model/evaluate';
import type { Draft } from '../model/draft';
import type { Condition } from '../model/types';
import { alertsRuntime } from '../alert-checks';
import type { NowPrices } from './useItemNowPrices';

export type ChangeCondition = Extract<Condition, { kind: 'change' }>;

/** The draft's change condition with a placeholder threshold (the window, direction and side are what count). */
export function changeProbe(draft: Draft): ChangeCondition {
  return { kind: 'change', percent: 1, windowMs: draft.windowMs, direction: draft.direction, side: draft.side };
}

/** The change so far from the price history, and since when the history has it when that is within the window. */
export interface HistoryChange {
  value: number;
  since: number | null;
}

/**
 * The change so far within the draft's window at the price now, from the local price history (the window a
 * saved alert starts from); null while it is read, or when the history has nothing there.
 */
export function useHistoryChange(
  game: number,
  item: string,
  draft: Draft,
  price: number | null,
  now: NowPrices,
): HistoryChange | null {
  const [result, setResult] = useState<{ key: string; change: HistoryChange | null } | null>(null);
  const { kind, market, net, windowMs, direction, side } = draft;
  const { snap, fees } = now;
  const key =
    kind === 'change' && snap && price !== null
      ? [game, item, market, net, windowMs, direction, side, price].join('|')
      : null;
  useEffect(() => {
    if (key === null || !snap || price === null) return;
    const c: ChangeCondition = { kind: 'change', percent: 1, windowMs, direction, side };
    const at = Date.now();
    let live = true;
    void alertsRuntime()
      .historyWindow({ game, item, market, condition: c, net }, snap, fees, at)
      .then((w) => {
        if (!live) return;
        const value = w && w.length > 0 ? changeAt(c, w, at, price).value : null;
        const first = w?.[0]?.[0] ?? at;
        setResult({ key, change: value === null ? null : { value, since: first > at - windowMs ? first : null } });
      });
    return () => {
      live = false;
    };
  }, [key, game, item, market, net, windowMs, direction, side, snap, fees, price]);
  return result?.key === key ? result.change : null;
}

/**
 * The condition against the prices now: the value, and whether it is already past the line (it does not
 * fire for that); for a change, the change so far from the price history.
 */
import { memo } from 'react';
import { formatMoney, type MoneyFormat } from '../../../../shared/money/money';
import { durationText, valueText } from '../model/describe';
import type { Draft } from '../model/draft';
import { isPast, type Observation } from '../model/evaluate';
import type { Alert, Condition } from '../model/types';
import { changeProbe, type HistoryChange } from './useHistoryChange';

interface ConditionNowProps {
  draft: Draft;
  obs: Observation | null;
  parsed: Condition | null;
  money: MoneyFormat;
  nameOf(slug: string): string;
  existing: Alert | null;
  state: { lastValue: number | null } | undefined;
  /** The change so far from the price history (useHistoryChange). */
  historyChange: HistoryChange | null;
}

export const ConditionNow = memo(function ConditionNow(props: ConditionNowProps) {
  const { draft, obs, parsed, money, nameOf } = props;
  if (!obs) return null;
  if (obs.missing === 'item')
    return <p className="al-status">This item is not in the latest prices for your markets.</p>;
  if (obs.missing === 'market')
    return (
      <p className="al-status is-warn">
        That market is not among the markets you load for this game (Markets, on the Prices page).
      </p>
    );
  if (obs.missing === 'untrusted')
    return (
      <p className="al-status is-warn">
        Only untrusted quotes there right now (an outlier, or a market whose feed stalled): the alert waits for a
        trusted one.
      </p>
    );
  if (obs.value === null)
    return (
      <p className="al-status">
        {draft.kind === 'mark'
          ? 'No mark right now (no trusted quote on your markets): the alert waits for one.'
          : 'No price there right now: the alert waits for one.'}
      </p>
    );
  const on = obs.market && !obs.market.includes('→') ? ` on ${nameOf(obs.market)}` : '';
  if (draft.kind === 'change') {
    const h = props.historyChange;
    const v =
      h?.value ??
      (props.existing && props.existing.condition.kind === 'change' ? (props.state?.lastValue ?? null) : null);
    const since = h?.since
      ? ` (recorded since ${new Date(h.since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })})`
      : '';
    return (
      <p className="al-status" data-testid="alert-editor-change">
        Price now {formatMoney(obs.price, money)}
        {on}.{' '}
        {v !== null
          ? `Change within the last ${durationText(draft.windowMs)} so far: ${valueText(changeProbe(draft), v, money)}${since}. `
          : ''}
        The change is measured from the prices Market Desk has recorded in its price history and sees as they come in.
      </p>
    );
  }
  if (!parsed)
    return (
      <p className="al-status">
        Now {draft.kind === 'spread-above' ? 'the spread is' : ''}{' '}
        {valueText(
          draft.kind === 'spread-above'
            ? { kind: 'spread-above', unit: draft.spreadUnit, value: 0 }
            : { kind: 'ask-below', price: 1 },
          obs.value,
          money,
        )}
        {on}.
      </p>
    );
  const past = isPast(parsed, obs.value);
  return (
    <p className={`al-status${past ? ' is-warn' : ''}`} data-testid="alert-editor-status">
      Now {valueText(parsed, obs.value, money)}
      {on}.{' '}
      {past
        ? `Already ${parsed.kind === 'ask-below' || (parsed.kind === 'mark' && parsed.direction === 'below') ? 'below' : 'above'} the line: the alert does not fire for that; it fires after the value goes back and crosses again.`
        : 'The alert fires when it crosses the line.'}
    </p>
  );
});

/** A saved rule's alert: a notification (and a line in the Alerts history) once a route has persisted N polls. */
import { MAX_ALERT_POLLS } from '../../market/scanner/route-alerts';
import type { ScanRule } from '../../market/scanner/rules';
import { intOr } from './RuleFields';

/** The polls an alert waits for when first turned on: a route seen twice in a row is not a one-poll blip. */
const DEFAULT_ALERT_POLLS = 2;

export function RuleAlertField({ draft, setDraft }: { draft: ScanRule; setDraft(rule: ScanRule): void }) {
  const polls = draft.alert?.polls ?? DEFAULT_ALERT_POLLS;
  const set = (on: boolean, n: number) =>
    setDraft({ ...draft, alert: on ? { polls: Math.min(MAX_ALERT_POLLS, Math.max(1, n)) } : null });
  return (
    <span
      className="sc-check"
      title="Saved rules alert on every poll, whatever page is open; the notification goes the price alerts' way and the Alerts history lists it"
    >
      <label>
        <input
          type="checkbox"
          checked={!!draft.alert}
          onChange={(e) => set(e.target.checked, polls)}
          data-testid="scanner-alert"
        />{' '}
        Alert when a route has persisted
      </label>{' '}
      <input
        type="number"
        min={1}
        max={MAX_ALERT_POLLS}
        value={polls}
        disabled={!draft.alert}
        aria-label="Alert after this many polls"
        onChange={(e) => set(true, intOr(e.target.value, polls))}
        data-testid="scanner-alert-polls"
        className="sc-alert-polls"
      />{' '}
      polls
    </span>
  );
}

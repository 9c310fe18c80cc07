/** The filters' "Hide items with" row: one toggle per unstable reason, unknown codes and an unreadable list. */
import { useId } from 'react';
import { UNSTABLE_REASONS } from '../../../shared/api/schema';
import { REASON_BIT, UNKNOWN_REASON_BIT, UNREADABLE_REASONS_BIT } from '../../market/recommendations/rec-columns';
import { reasonExplained, reasonText } from '../../market/recommendations/reasons';
import type { RecFilter } from '../../market/recommendations/view';

const HIDEABLE: Array<{ bit: number; label: string; title: string }> = [
  ...UNSTABLE_REASONS.map((r) => ({ bit: REASON_BIT[r], label: reasonText(r), title: reasonExplained(r) })),
  {
    bit: UNKNOWN_REASON_BIT,
    label: 'Unknown codes',
    title: 'Reasons the service gave that this version does not know.',
  },
  {
    bit: UNREADABLE_REASONS_BIT,
    label: 'Unreadable list',
    title: 'The service sent a reasons list that could not be read: stability unknown.',
  },
];

export function RecReasonsFilter({
  hideReasons,
  setFilter,
}: {
  hideReasons: number;
  setFilter(f: (prev: RecFilter) => RecFilter): void;
}) {
  const id = useId();
  return (
    <div className="rf__row" role="group" aria-labelledby={`${id}-hide`}>
      <span id={`${id}-hide`} className="fb__label rf__label">
        Hide items with
      </span>
      {HIDEABLE.map((h) => (
        <button
          key={h.bit}
          type="button"
          className="rc-toggle"
          aria-pressed={(hideReasons & h.bit) !== 0}
          title={`${h.label}: ${h.title}`}
          onClick={() => setFilter((f) => ({ ...f, hideReasons: f.hideReasons ^ h.bit }))}
        >
          {h.label}
        </button>
      ))}
    </div>
  );
}

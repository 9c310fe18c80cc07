/**
 * The status bar's rate: "EUR at 0.9234 per USD, ECB 2026-11-26", marked stale when older than 3 business
 * days (week-ends and TARGET closing days not counted), or why prices are not converted.
 */
import { useCurrency } from '../market/currency/context';
import { rateNote } from '../market/currency/rate-table';
import { useRates } from '../platform/rates-context';
import { Icon } from '../ui/Icon';

export function RateNote() {
  const view = useCurrency();
  const rates = useRates();
  if (!view.converting) return null;
  const failed =
    rates?.snapshot?.lastFetch && !rates.snapshot.lastFetch.ok
      ? `; the last fetch failed: ${rates.snapshot.lastFetch.error ?? 'no reason given'}`
      : '';
  if (!view.current) {
    const text = `No ${view.display} rate: prices in ${view.service}`;
    return (
      <span
        className="statusbar__item"
        data-testid="status-rate"
        data-stale="false"
        data-tone="warn"
        title={`${text}. Turn the rates source on in Settings or add a manual rate${failed}.`}
      >
        <Icon name="warn" /> {text}
      </span>
    );
  }
  const { pair, stale, ageBusinessDays } = view.current;
  const text = rateNote(pair, view.service, view.display);
  const age = `${ageBusinessDays} business day${ageBusinessDays === 1 ? '' : 's'} old`;
  return (
    <span
      className="statusbar__item"
      data-testid="status-rate"
      data-stale={stale ? 'true' : 'false'}
      data-tone={stale ? 'warn' : undefined}
      title={`${text} (${age}${stale ? ': stale, older than 3 business days; week-ends and TARGET closing days not counted' : ''})${failed}`}
    >
      {stale ? <Icon name="warn" /> : null}
      {text}
      {stale ? ` (stale: ${age})` : ''}
    </span>
  );
}

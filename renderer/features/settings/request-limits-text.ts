/** Settings → Request limits in words: the limits the service stated, and what the refresh spends a month. */
import type { StatedLimit } from '../../../shared/budget/limit-headers';
import { formatCount, formatInterval } from '../../../shared/budget/planner';
import { refreshIntervalLabel } from '../../lib/preferences';

/** "1,000 requests per 1 min (998 left); 50,000 requests": each limit's quota, window and what is left, when said. */
export function statedLimitsText(stated: readonly StatedLimit[]): string {
  return stated
    .map((s) => {
      const window = s.windowSeconds ? ` per ${formatInterval(s.windowSeconds * 1000)}` : '';
      const left = s.remaining !== null ? ` (${formatCount(s.remaining)} left)` : '';
      return `${formatCount(s.quota)} requests${window}${left}`;
    })
    .join('; ');
}

/** What the refresh interval spends a month for the games polled (0: manual refresh, nothing but what is asked). */
export function refreshForecastText(refreshSeconds: number, games: number, monthly: number): string {
  if (refreshSeconds === 0) return 'Refresh is manual: only the refreshes you ask for are sent.';
  const gamesText = `${games} game${games === 1 ? '' : 's'}`;
  return `${refreshIntervalLabel(refreshSeconds)} for ${gamesText} (the Prices page’s and your alerts’): about ${formatCount(monthly)} requests a month.`;
}

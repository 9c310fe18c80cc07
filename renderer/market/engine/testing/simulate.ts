/**
 * Polls and history records over a stretch of (fake) time for the report's figures: the engine with
 * a load that answers at once, the history consumer with a recorder that counts, and the needs one page or
 * background part registers (each needs the desk's game: the desk itself always needs the selected game).
 * Call it with vi.useFakeTimers() on.
 */
import { vi } from 'vitest';
import { MarketEngine, type Need } from '../engine';
import { historyConsumer } from '../history-consumer';

export type Who = 'prices' | 'analytics' | 'portfolio' | 'alerts' | 'desk' | 'hidden';

const PLAN = { game: 730, askMarkets: ['steamcommunity', 'buff163', 'csfloat'], bidMarkets: ['buff163', 'youpin'] };

/** What each one needs of the selected game (the desk's own need is there in every case, as in the app). */
const NEEDS: Record<Who, Need['kinds']> = {
  prices: ['asks', 'bids'],
  analytics: ['asks', 'bids'],
  portfolio: ['asks', 'bids'],
  alerts: ['asks', 'bids'],
  desk: ['asks', 'bids'],
  // A hidden window changes nothing for the engine: its timers are not throttled (electron/main).
  hidden: ['asks', 'bids'],
};

export async function simulatePolls({
  minutes,
  intervalMs,
  consumers,
}: {
  minutes: number;
  intervalMs: number;
  consumers: readonly Who[];
}): Promise<{ polls: number; records: number }> {
  let records = 0;
  const engine = new MarketEngine<{ game: number }>({
    load: async (req) => ({ snap: { game: req.game }, at: Date.now() }),
    interval: () => intervalMs,
  });
  engine.consume(
    'history',
    historyConsumer({
      record: async () => {
        records++;
      },
      enabled: () => true,
    }),
  );
  engine.setSource('live|sim');
  const releases = [
    engine.need({ ...PLAN, kinds: NEEDS.desk }),
    ...consumers.map((who) => engine.need({ ...PLAN, kinds: NEEDS[who] }, { now: true })),
  ];
  await vi.advanceTimersByTimeAsync(minutes * 60_000);
  for (const r of releases) r();
  return { polls: engine.polls, records };
}

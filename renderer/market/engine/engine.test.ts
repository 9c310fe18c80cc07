/**
 * The market engine with fake timers: one request per game and markets whoever needs it, on the user's
 * interval (or only when asked), every consumer fed from each answer, history recorded from every poll
 * whatever needs it (a view, the alerts, the portfolio), and a poll that cannot be recorded shown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type ApiError } from '../../api/errors';
import { setNotice, storageStatus } from '../../lib/storage/status';
import { MarketEngine, type Answer, type PriceRequest } from './engine';
import { historyConsumer } from './history-consumer';
import { simulatePolls } from './testing/simulate';

interface Snap {
  game: number;
  n: number;
}

const CS2: PriceRequest = { game: 730, askMarkets: ['steamcommunity', 'buff163'], bidMarkets: ['buff163'] };
const RUST: PriceRequest = { game: 252490, askMarkets: ['steamcommunity'], bidMarkets: [] };
const TF2: PriceRequest = { game: 440, askMarkets: ['steamcommunity', 'buff163'], bidMarkets: ['buff163'] };

function setup(interval: number | false = 15_000) {
  let n = 0;
  const load = vi.fn(async (req: PriceRequest, _source: string, _opts?: { bids: boolean }) => ({
    snap: { game: req.game, n: ++n },
    at: Date.now(),
  }));
  const engine = new MarketEngine<Snap>({ load, interval: () => interval });
  engine.setSource('live|http://127.0.0.1:1');
  return { engine, load };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 5, 9));
});
afterEach(() => {
  vi.useRealTimers();
  setNotice('history-write', null);
});

describe('the market engine', () => {
  it('two subscribers of one game and its markets make one request per interval', async () => {
    const { engine, load } = setup();
    const a = engine.need({ ...CS2, kinds: ['asks'] });
    const b = engine.need({ ...CS2, kinds: ['asks', 'bids'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(load).toHaveBeenCalledTimes(5);
    a();
    b();
  });

  it('follows the demand: a game nobody needs is not polled, a new need polls its game at once', async () => {
    const { engine, load } = setup();
    const cs2 = engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    const rust = engine.need({ ...RUST, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(load.mock.calls.map((c) => c[0].game)).toEqual([730, 252490]);
    cs2();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load.mock.calls.map((c) => c[0].game)).toEqual([730, 252490, 252490, 252490]);
    rust();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(4);
    // Needed again while its last answer is still fresh: the next poll keeps the schedule.
    engine.need({ ...RUST, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('a view that lacks the data asks for it at once, but never over a Retry-After', async () => {
    let fail = true;
    const load = vi.fn(async (req: PriceRequest) => {
      if (fail) throw apiError('rate-limited', 429, null, 'Too many requests', 60);
      return { snap: { game: req.game, n: 1 }, at: Date.now() };
    });
    const engine = new MarketEngine<Snap>({ load, interval: () => 15_000 });
    engine.setSource('demo');
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    fail = false;
    engine.need({ ...CS2, kinds: ['asks'] }, { now: true });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    // Answered: a view opening now without the data polls at once.
    engine.need({ ...CS2, kinds: ['bids'] }, { now: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('manual only: one load for a new need, then only when asked', async () => {
    const { engine, load } = setup(false);
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);
    await engine.refresh();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a refresh while a poll is under way joins it (no second request)', async () => {
    let release: (() => void) | null = null;
    const load = vi.fn(
      (req: PriceRequest) =>
        new Promise<{ snap: Snap; at: number }>((resolve) => {
          release = () => resolve({ snap: { game: req.game, n: 1 }, at: Date.now() });
        }),
    );
    const engine = new MarketEngine<Snap>({ load, interval: () => 15_000 });
    engine.setSource('demo');
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    const refreshed = engine.refresh(730);
    expect(load).toHaveBeenCalledTimes(1);
    (release as unknown as () => void)();
    await refreshed;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands the same answer to every consumer', async () => {
    const { engine } = setup();
    const seen: Array<[string, Answer<Snap>]> = [];
    engine.consume('history', (a) => void seen.push(['history', a]));
    engine.consume('alerts', (a) => void seen.push(['alerts', a]));
    engine.consume('valuation', (a) => void seen.push(['valuation', a]));
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.map(([who]) => who)).toEqual(['history', 'alerts', 'valuation']);
    const [first] = seen;
    for (const [, a] of seen) expect(a).toBe(first?.[1]);
    expect(first?.[1]).toMatchObject({ source: 'live|http://127.0.0.1:1', snap: { game: 730, n: 1 }, request: CS2 });
  });

  it('a consumer that throws does not keep the others from the answer', async () => {
    const { engine } = setup();
    const errors: unknown[] = [];
    const got = vi.fn();
    engine.consume(
      'broken',
      () => Promise.reject(new Error('disk full')),
      (e) => void errors.push(e),
    );
    engine.consume('alerts', got);
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(got).toHaveBeenCalledTimes(1);
    expect(String(errors[0])).toContain('disk full');
  });

  it('a failed poll is retried with the existing backoff (Retry-After honoured), then the interval resumes', async () => {
    let fail = 2;
    const load = vi.fn(async (req: PriceRequest) => {
      if (fail-- > 0) throw apiError('rate-limited', 429, null, 'Too many requests', 40);
      return { snap: { game: req.game, n: 1 }, at: Date.now() };
    });
    const engine = new MarketEngine<Snap>({ load, interval: () => 15_000 });
    engine.setSource('demo');
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    // Retry-After 40 s: not at the 15 s interval.
    await vi.advanceTimersByTimeAsync(39_000);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('the service back (the host reconnected, or Retry): what failed is polled at once, not a whole interval later', async () => {
    let fail = true;
    const load = vi.fn(async (req: PriceRequest) => {
      if (fail && req.game === 730) throw apiError('server', 500, null, 'Internal server error');
      if (fail && req.game === 440) throw apiError('unavailable', 503, null, 'Busy', 120);
      return { snap: { game: req.game, n: 1 }, at: Date.now() };
    });
    const engine = new MarketEngine<Snap>({ load, interval: () => 300_000 });
    engine.setSource('demo');
    engine.need({ ...CS2, kinds: ['asks'] });
    engine.need({ ...RUST, kinds: ['asks'] });
    engine.need({ ...TF2, kinds: ['asks'] });
    // CS2's backoff runs out (retries after 2 and 4 s); its next try would be the 5-minute interval.
    await vi.advanceTimersByTimeAsync(20_000);
    const calls = (game: number) => load.mock.calls.filter(([r]) => r.game === game).length;
    expect(calls(730)).toBe(3);
    fail = false;
    engine.retryFailed();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(730)).toBe(4);
    // Rust answered: no request before its interval. TF2's 503 asked to wait: honoured.
    expect(calls(252490)).toBe(1);
    expect(calls(440)).toBe(1);
    // CS2 answered: back on its interval, counted from this poll.
    await vi.advanceTimersByTimeAsync(299_000);
    expect(calls(730)).toBe(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls(730)).toBe(5);
  });

  it('tells each failure to its listeners (market discovery learns of a refused name whatever page is open)', async () => {
    const load = vi.fn(async (_req: PriceRequest): Promise<{ snap: Snap; at: number }> => {
      throw apiError('bad-request', 400, null, 'unknown market: csgotm');
    });
    const engine = new MarketEngine<Snap>({ load, interval: () => 15_000 });
    const failures: Array<[number, string]> = [];
    engine.onFailure((req, _source, e) => void failures.push([req.game, (e as ApiError).kind]));
    engine.setSource('demo');
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toEqual([[730, 'bad-request']]);
    // Not worth retrying at once (the user or discovery must change the request): the next at the interval.
    await vi.advanceTimersByTimeAsync(14_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('bids every Nth poll (the planner\u2019s N): the polls between ask for asks only, a failed poll counts for nothing', async () => {
    let fail = false;
    const load = vi.fn(async (req: PriceRequest, _source: string, _opts: { bids: boolean }) => {
      if (fail) throw apiError('unavailable', 503, null, 'Service Unavailable');
      return { snap: { game: req.game, n: 1 }, at: Date.now() };
    });
    const engine = new MarketEngine<Snap>({ load, interval: () => 15_000 });
    engine.setBidsEvery((game) => (game === 440 ? 3 : 1));
    const answers: Answer<Snap>[] = [];
    engine.consume('seen', (a) => void answers.push(a));
    engine.setSource('demo');
    engine.need({ ...TF2, kinds: ['asks', 'bids'] });
    engine.need({ ...CS2, kinds: ['asks', 'bids'] });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5 * 15_000);
    const bidsOf = (game: number) => load.mock.calls.filter((c) => c[0].game === game).map((c) => c[2].bids);
    // The first poll has bids (nothing to keep yet), then every 3rd.
    expect(bidsOf(440)).toEqual([true, false, false, true, false, false]);
    expect(bidsOf(730)).toEqual([true, true, true, true, true, true]);
    const tf2 = answers.filter((a) => a.request.game === 440);
    expect(tf2.map((a) => a.bidsFresh)).toEqual([true, false, false, true, false, false]);
    // The bids' own time: the poll that last brought them.
    expect(tf2[2]?.bidsAt).toBe(tf2[0]?.at);
    // A failed poll brings nothing: the next one still owes the bids.
    fail = true;
    await vi.advanceTimersByTimeAsync(15_000);
    fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    // The failed poll was the one to bring bids; its retry is too.
    expect(bidsOf(440).slice(6, 8)).toEqual([true, true]);
  });

  it('bids every Nth poll, but a manual refresh and the first poll of a day (the history\u2019s baseline) bring bids too', async () => {
    const { engine, load } = setup();
    engine.setBidsEvery(() => 4);
    engine.need({ ...TF2, kinds: ['asks', 'bids'] });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(15_000);
    await engine.refresh();
    vi.setSystemTime(Date.UTC(2026, 0, 5, 23, 59, 59));
    engine.reschedule();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.advanceTimersByTimeAsync(15_000);
    const bids = load.mock.calls.map((c) => (c[2] as { bids: boolean }).bids);
    expect(bids).toEqual([true, false, true, false, true, false]);
  });

  it('a whole-game list a view shows (the recommendations): the same schedule, polled whole while needed, not after', async () => {
    interface RecReq {
      game: number;
      type: 'general' | 'p2p';
      markets: readonly string[];
    }
    const load = vi.fn(async (req: RecReq, _source: string, _opts: { bids: boolean }) => ({
      snap: { game: req.game, n: 1 },
      at: Date.now(),
    }));
    const recs = new MarketEngine<Snap, RecReq>({ load, interval: () => 15_000 });
    recs.setBidsEvery(() => 4);
    recs.setSource('demo');
    const page = recs.need({ game: 730, type: 'general', markets: [], kinds: [] });
    const portfolio = recs.need({ game: 730, type: 'general', markets: [], kinds: [] });
    recs.need({ game: 730, type: 'p2p', markets: ['buff163'], kinds: [] })();
    await vi.advanceTimersByTimeAsync(60_000);
    // One request per list whoever shows it; a list has no bids to leave out.
    expect(load.mock.calls.filter((c) => c[0].type === 'general').map((c) => c[2].bids)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    page();
    portfolio();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load.mock.calls.filter((c) => c[0].type === 'general')).toHaveLength(5);
  });

  it('timers held back (a hidden browser tab): a reschedule polls what is overdue at once', async () => {
    const { engine, load } = setup();
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    // The clock moves 3 minutes while no timer runs (the tab's timers were throttled).
    vi.setSystemTime(Date.now() + 3 * 60_000);
    engine.reschedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a new data source polls every needed game again at once', async () => {
    const { engine, load } = setup();
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    engine.setSource('demo');
    await vi.advanceTimersByTimeAsync(0);
    expect(load.mock.calls.map((c) => c[1])).toEqual(['live|http://127.0.0.1:1', 'demo']);
  });

  it('a new data source while a poll is under way: the old answer is dropped and the new source polled at once (manual only too)', async () => {
    const pending: Array<(snap: Snap) => void> = [];
    const load = vi.fn(
      (_req: PriceRequest, _source: string) =>
        new Promise<{ snap: Snap; at: number }>((resolve) => {
          pending.push((snap) => resolve({ snap, at: Date.now() }));
        }),
    );
    const engine = new MarketEngine<Snap>({ load, interval: () => false });
    const answers: Array<{ source: string; n: number }> = [];
    engine.consume('test', (a) => void answers.push({ source: a.source, n: a.snap.n }));
    engine.setSource('demo');
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    engine.setSource('live|http://127.0.0.1:1');
    pending[0]!({ game: 730, n: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(load.mock.calls.map((c) => c[1])).toEqual(['demo', 'live|http://127.0.0.1:1']);
    pending[1]!({ game: 730, n: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(answers).toEqual([{ source: 'live|http://127.0.0.1:1', n: 2 }]);
  });
});

describe('history from every poll', () => {
  it('records every poll of a game only the portfolio (or alerts) needs: no page records', async () => {
    const { engine } = setup();
    const record = vi.fn(async () => undefined);
    engine.consume('history', historyConsumer({ record, enabled: () => true }));
    engine.need({ ...CS2, kinds: ['asks', 'bids'] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(record).toHaveBeenCalledTimes(5);
  });

  it('a poll that cannot be recorded is shown (the history-write notice), and cleared by the next good one', async () => {
    const { engine } = setup();
    let broken = true;
    const record = vi.fn(async () => {
      if (broken) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    engine.consume('history', historyConsumer({ record, enabled: () => true }));
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(storageStatus().notices['history-write']).toMatch(/^Could not save price history: .*quota/i);
    broken = false;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(storageStatus().notices['history-write']).toBeUndefined();
  });

  it('history off: nothing recorded', async () => {
    const { engine } = setup();
    const record = vi.fn(async () => undefined);
    engine.consume('history', historyConsumer({ record, enabled: () => false }));
    engine.need({ ...CS2, kinds: ['asks'] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(record).not.toHaveBeenCalled();
  });
});

describe('ten minutes at 15 s (the report figures)', () => {
  it('polls and records 41 times (one at once, then every 15 s) whichever consumer needs the game, the window hidden or not', async () => {
    for (const who of ['prices', 'analytics', 'portfolio', 'alerts', 'hidden'] as const) {
      const r = await simulatePolls({ minutes: 10, intervalMs: 15_000, consumers: [who] });
      expect(r).toEqual({ polls: 41, records: 41 });
    }
  });

  it('several pages and background parts needing one game at once: still one request per poll', async () => {
    const r = await simulatePolls({
      minutes: 10,
      intervalMs: 15_000,
      consumers: ['prices', 'portfolio', 'alerts', 'desk'],
    });
    expect(r).toEqual({ polls: 41, records: 41 });
  });
});

/** The page's copy of the host's rates: pushes in order win over an answer that was overtaken on its way. */
import { describe, expect, it } from 'vitest';
import type { RatesSnapshot } from '../../shared/rates/types';
import { RatesSync, type RatesApi } from './rates-sync';

const snap = (enabled: boolean, days: string[]): RatesSnapshot => ({
  settings: { enabled, url: 'https://www.ecb.europa.eu/stats/eurofxref/', urlFromEnvironment: false },
  days: days.map((date) => ({ date, perEuro: { USD: 1.08 } })),
  lastFetch: null,
  nextRefreshAt: null,
});

/** A host whose answers are released by the test, and whose pushes are sent when the test says. */
function host() {
  let listener: ((s: RatesSnapshot) => void) | null = null;
  const pending: Array<(s: RatesSnapshot) => void> = [];
  const ask = () => new Promise<RatesSnapshot>((resolve) => pending.push(resolve));
  const api: RatesApi = {
    getRates: ask,
    setRatesSettings: ask,
    refreshRates: ask,
    onRates: (l) => {
      listener = l;
      return () => (listener = null);
    },
  };
  return {
    api,
    push: (s: RatesSnapshot) => listener?.(s),
    answer: (s: RatesSnapshot) => pending.shift()!(s),
    listening: () => listener !== null,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('RatesSync', () => {
  it('an action whose answer arrives after the push of the fetch it started keeps the newer pushed state', async () => {
    const h = host();
    const seen: RatesSnapshot[] = [];
    const sync = new RatesSync(h.api, (s) => seen.push(s));
    sync.start();
    h.answer(snap(false, []));
    await tick();
    const turnedOn = sync.setSettings({ enabled: true });
    h.push(snap(true, []));
    h.push(snap(true, ['2026-11-27']));
    h.answer(snap(true, []));
    expect(await turnedOn).toEqual(snap(true, []));
    expect(seen.at(-1)).toEqual(snap(true, ['2026-11-27']));
  });

  it('with no push meanwhile (a quiet or lost event stream) the answer is taken', async () => {
    const h = host();
    const seen: RatesSnapshot[] = [];
    const sync = new RatesSync(h.api, (s) => seen.push(s));
    sync.start();
    h.answer(snap(true, ['2026-11-26']));
    await tick();
    const refreshed = sync.refresh();
    h.answer(snap(true, ['2026-11-27']));
    await refreshed;
    expect(seen.map((s) => s.days.at(-1)?.date)).toEqual(['2026-11-26', '2026-11-27']);
  });

  it('stops listening, and an answer after the stop is dropped', async () => {
    const h = host();
    const seen: RatesSnapshot[] = [];
    const stop = new RatesSync(h.api, (s) => seen.push(s)).start();
    stop();
    expect(h.listening()).toBe(false);
    h.answer(snap(true, ['2026-11-27']));
    await tick();
    expect(seen).toEqual([]);
  });
});

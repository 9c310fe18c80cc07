/** The exchange rates calls of both DesktopApi implementations: parsed with zod, pushed on change, refused with the host's sentence. */
import { describe, expect, it, vi } from 'vitest';
import type { RatesSnapshot } from '../../shared/rates/types';
import { createElectronApi } from './electron';
import { PlatformError } from './errors';
import { createWebApi } from './web';
import type { EventSourceLike } from './web-events';

const SNAPSHOT: RatesSnapshot = {
  settings: { enabled: true, url: 'https://www.ecb.europa.eu/stats/eurofxref/', urlFromEnvironment: false },
  days: [{ date: '2026-11-27', perEuro: { USD: 1.0832, JPY: 162.45 } }],
  lastFetch: { at: 1_795_000_000_000, ok: true },
  nextRefreshAt: 1_795_100_000_000,
};

/** An EventSource as the browser's: unnamed events to onmessage, named ones to their listeners. */
class NamedEventSource implements EventSourceLike {
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  closed = false;
  private readonly named = new Map<string, Array<(ev: MessageEvent) => void>>();
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void {
    this.named.set(type, [...(this.named.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  dispatch(type: string, data: string): void {
    for (const l of this.named.get(type) ?? []) l({ data } as MessageEvent);
  }
}

const json = (v: unknown, status = 200) =>
  new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });

describe('web host: rates', () => {
  it('reads, changes and refreshes through the documented routes, and hears `event: rates` on the status stream', async () => {
    const calls: string[] = [];
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      if (init?.body) bodies.push(JSON.parse(String(init.body)));
      return json(SNAPSHOT);
    }) as unknown as typeof globalThis.fetch;
    let source: NamedEventSource | null = null;
    const api = createWebApi({ fetch, eventSource: () => (source = new NamedEventSource()) });
    expect(await api.getRates()).toEqual(SNAPSHOT);
    await api.setRatesSettings({ enabled: true });
    await api.refreshRates();
    expect(calls).toEqual(['GET /app/rates', 'POST /app/rates/settings', 'POST /app/rates/refresh']);
    expect(bodies).toEqual([{ enabled: true }, {}]);
    const heard: RatesSnapshot[] = [];
    const problems: PlatformError[] = [];
    api.onProblem((p) => problems.push(p));
    const off = api.onRates((s) => heard.push(s));
    source!.dispatch('rates', JSON.stringify(SNAPSHOT));
    source!.dispatch('rates', '{"settings":1}');
    expect(heard).toEqual([SNAPSHOT]);
    expect(problems.map((p) => p.message)).toEqual([
      'Market Desk could not read the exchange rates from the Market Desk web host.',
    ]);
    off();
    expect(source!.closed).toBe(true);
  });

  it("a refusal reaches the page as the host's sentence; a bad answer is a PlatformError", async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/app/rates/refresh'
        ? json(
            { error: { code: 'RATES_REFUSED', message: 'Exchange rates are off: turn them on in Settings first.' } },
            400,
          )
        : json({ days: 'no' }),
    ) as unknown as typeof globalThis.fetch;
    const api = createWebApi({ fetch, eventSource: () => new NamedEventSource() });
    await expect(api.refreshRates()).rejects.toThrow('Exchange rates are off: turn them on in Settings first.');
    await expect(api.getRates()).rejects.toBeInstanceOf(PlatformError);
  });
});

describe('desktop bridge: rates', () => {
  const base = {
    getStatus: async () => undefined,
    onStatus: () => () => {},
    connect: async () => undefined,
    useDemo: async () => undefined,
    forgetKey: async () => undefined,
    retryNow: async () => undefined,
    openExternal: async () => undefined,
    saveFile: async () => undefined,
    saveFiles: async () => undefined,
    notify: async () => undefined,
    onNotificationClick: () => () => {},
  };

  it('parses what the preload returns and pushes, and strips the IPC prefix from a refusal', async () => {
    let push: ((s: unknown) => void) | null = null;
    const api = createElectronApi({
      ...base,
      getRates: async () => SNAPSHOT,
      onRates: (l: (s: unknown) => void) => {
        push = l;
        return () => (push = null);
      },
      setRatesSettings: async () => {
        throw new Error(
          'Error invoking remote method \'market-desk:set-rates-settings\': Error: The rates address "x" is not a URL.',
        );
      },
      refreshRates: async () => ({ nope: true }),
    });
    expect(await api.getRates()).toEqual(SNAPSHOT);
    const heard: RatesSnapshot[] = [];
    const off = api.onRates((s) => heard.push(s));
    push!(SNAPSHOT);
    expect(heard).toEqual([SNAPSHOT]);
    off();
    expect(push).toBeNull();
    await expect(api.setRatesSettings({ url: 'x' })).rejects.toThrow('The rates address "x" is not a URL.');
    await expect(api.refreshRates()).rejects.toThrow(
      'Market Desk could not read the exchange rates from the desktop app.',
    );
  });

  it('an older preload without rates: the calls say to update, nothing crashes', async () => {
    const api = createElectronApi(base);
    await expect(api.getRates()).rejects.toThrow('This version of the desktop app has no exchange rates; update it.');
    expect(typeof api.onRates(() => undefined)).toBe('function');
  });
});

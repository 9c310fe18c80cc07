/**
 * The exchange rates' IPC handlers in main (validated channels, refusals with a sentence, pushes to the
 * window), through a fake ipcMain that clones as Electron does, with the real rates service fetching from the
 * ECB stand-in. The preload's side: electron/preload/bridge.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RatesService, memoryRatesStore, DEFAULT_RATES_URL } from '../../backend/rates';
import { FakeClock } from '../../backend/testing/fake-clock';
import { startEcbStandin, type EcbStandin } from '../../backend/testing/ecb-standin';
import type { RatesSnapshot } from '../../shared/rates/types';
import { IPC } from '../common/ipc-channels';
import { registerIpc, type ConnectionCommands } from './ipc';
import type { FileSaver } from './save-files';
import { FakeIpcMain, FakeWebContents } from './testing/fake-ipc';

const APP = 'app://market-desk/index.html';
const files = {
  saveFile: async () => ({ saved: false }),
  saveFiles: async () => ({ saved: false }),
} as unknown as FileSaver;
function connection(): ConnectionCommands {
  const fail = () => Promise.reject(new Error('unused'));
  return {
    getStatus: () => {
      throw new Error('unused');
    },
    connect: fail,
    useDemo: fail,
    forgetKey: fail,
    retryNow: fail,
    requestUsage: () => {
      throw new Error('unused');
    },
  };
}

/** What the page's calls come to: ipcRenderer.invoke from the app's page (or another), cloned both ways. */
function apiOf(ipcMain: FakeIpcMain, window: FakeWebContents, url = APP) {
  const call = async (channel: string, ...args: unknown[]) =>
    ipcMain.invoke(window, url, channel, ...args) as Promise<RatesSnapshot>;
  return {
    getRates: () => call(IPC.getRates),
    setRatesSettings: (request: unknown) => call(IPC.setRatesSettings, request),
    refreshRates: () => call(IPC.refreshRates),
  };
}

const standins: EcbStandin[] = [];
const services: RatesService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) s.dispose();
  for (const s of standins.splice(0)) await s.close();
});

async function setup() {
  const standin = await startEcbStandin({ from: '2026-10-01', to: '2026-11-25' });
  standins.push(standin);
  const rates = new RatesService({
    fetch: (u, i) => fetch(u, i),
    store: memoryRatesStore(),
    clock: new FakeClock(Date.UTC(2026, 10, 25, 17)),
    envUrl: null,
  });
  services.push(rates);
  await rates.start();
  const ipcMain = new FakeIpcMain();
  registerIpc(ipcMain, { connection: connection(), openExternal: async () => undefined, files, rates });
  const window = new FakeWebContents();
  // As main.ts does: every change is pushed to the window.
  rates.subscribe((snapshot) => window.send(IPC.rates, snapshot));
  return { standin, rates, ipcMain, window, api: apiOf(ipcMain, window) };
}

describe('exchange rates over IPC', () => {
  it('registers the three channels', async () => {
    const { ipcMain } = await setup();
    expect(ipcMain.channels()).toEqual(expect.arrayContaining([IPC.getRates, IPC.setRatesSettings, IPC.refreshRates]));
  });

  it('reads the rates (off, the ECB address, nothing fetched), turns them on at an address and pushes the fetched days to the window', async () => {
    const { api, standin, window } = await setup();
    expect(await api.getRates()).toEqual({
      settings: { enabled: false, url: DEFAULT_RATES_URL, urlFromEnvironment: false },
      days: [],
      lastFetch: null,
      nextRefreshAt: null,
    });
    await api.setRatesSettings({ enabled: true, url: standin.url });
    const fetched = await api.refreshRates();
    expect(fetched.days.at(-1)?.date).toBe('2026-11-25');
    expect(fetched.settings).toEqual({ enabled: true, url: standin.url, urlFromEnvironment: false });
    const pushed = window.sent.filter((m) => m.channel === IPC.rates).map((m) => m.args[0] as RatesSnapshot);
    expect(pushed.some((s) => s.days.at(-1)?.date === '2026-11-25')).toBe(true);
    expect(standin.requests.length).toBeGreaterThan(0);
  });

  it('says why a bad address or a refresh while off is refused, in the sentence the page shows', async () => {
    const { api, standin } = await setup();
    await expect(api.setRatesSettings({ url: 'http://mirror.example/rates/' })).rejects.toThrow(
      'The rates address "http://mirror.example/rates/" must be https (plain http only on 127.0.0.1 or localhost).',
    );
    await expect(api.refreshRates()).rejects.toThrow('Exchange rates are off: turn them on in Settings first.');
    expect(standin.requests).toEqual([]);
  });

  it('refuses another sender and malformed settings before anything changes', async () => {
    const { ipcMain, window, rates } = await setup();
    const outsider = apiOf(ipcMain, window, 'https://evil.example/');
    await expect(outsider.setRatesSettings({ enabled: true })).rejects.toThrow(
      'Refused: the request did not come from the Market Desk window.',
    );
    await expect(ipcMain.invoke(window, APP, IPC.setRatesSettings, { enabled: 'yes' })).rejects.toThrow(
      'Refused: invalid request.',
    );
    await expect(ipcMain.invoke(window, APP, IPC.setRatesSettings, { enabled: true, apiKey: 'k' })).rejects.toThrow(
      'Refused: invalid request.',
    );
    expect(rates.snapshot().settings.enabled).toBe(false);
  });

  it('without a rates service, every call says why (e.g. a bad MARKET_DESK_RATES_URL)', async () => {
    const ipcMain = new FakeIpcMain();
    registerIpc(ipcMain, {
      connection: connection(),
      openExternal: async () => undefined,
      files,
      ratesUnavailable: 'MARKET_DESK_RATES_URL: bad. Fix it and restart Market Desk.',
    });
    const api = apiOf(ipcMain, new FakeWebContents());
    await expect(api.getRates()).rejects.toThrow('MARKET_DESK_RATES_URL: bad. Fix it and restart Market Desk.');
  });
});

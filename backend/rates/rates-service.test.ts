/**
 * The rates service against the ECB stand-in over real HTTP, on a fake clock: nothing is contacted until rates
 * are on; the 90-day file first, then the day's file after publication; every day kept on disk and merged; a
 * source that is down, redirects, sends a bad or too large file leaves the kept days and says why.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RatesSnapshot } from '../../shared/rates/types';
import { FakeClock } from '../testing/fake-clock';
import { startEcbStandin, type EcbStandin } from '../testing/ecb-standin';
import { fileRatesStore, nodeRatesFs, RATES_FILE_NAME } from './rates-file';
import { RatesRequestError, RatesService } from './rates-service';
import { DEFAULT_RATES_URL } from './config';

const dir = path.resolve('.cache', `test-rates-service-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fileFor = (): string => path.join(dir, String(++n), RATES_FILE_NAME);

/** Wednesday 25 November 2026, 17:00 UTC: after that day's publication (16:00 CET). */
const AFTER_PUBLICATION = Date.UTC(2026, 10, 25, 17, 0);
const HOUR = 3_600_000;

const standins: EcbStandin[] = [];
const services: RatesService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) s.dispose();
  for (const s of standins.splice(0)) await s.close();
});

async function setup(
  options: { file?: string; to?: string; now?: number; maxBytes?: number; envUrl?: string | null } = {},
) {
  const standin = await startEcbStandin({
    from: '2026-08-24',
    to: options.to ?? '2026-11-25',
    missing: ['2026-11-18'],
  });
  standins.push(standin);
  const clock = new FakeClock(options.now ?? AFTER_PUBLICATION);
  const file = options.file ?? fileFor();
  const service = new RatesService({
    fetch: (url, init) => fetch(url, init),
    store: fileRatesStore(file),
    clock,
    envUrl: options.envUrl === undefined ? standin.url : options.envUrl,
    random: () => 1,
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
  });
  services.push(service);
  return { standin, clock, file, service };
}

/** The next snapshot that satisfies `test` (a fetch the clock set off finishes on its own time). */
function until(service: RatesService, test: (s: RatesSnapshot) => boolean): Promise<RatesSnapshot> {
  if (test(service.snapshot())) return Promise.resolve(service.snapshot());
  return new Promise((resolve) => {
    const off = service.subscribe((s) => {
      if (!test(s)) return;
      off();
      resolve(s);
    });
  });
}

const newest = (s: RatesSnapshot): string | undefined => s.days[s.days.length - 1]?.date;

describe('RatesService', () => {
  it('contacts nothing until rates are turned on, however long it runs', async () => {
    const { standin, clock, service } = await setup();
    await service.start();
    clock.advance(72 * HOUR);
    expect(service.snapshot()).toMatchObject({
      settings: { enabled: false },
      days: [],
      nextRefreshAt: null,
      lastFetch: null,
    });
    expect(standin.requests).toEqual([]);
  });

  it('turned on: fetches the 90-day file, keeps its days (the missing day stays missing) and plans the next working day', async () => {
    const { standin, service } = await setup();
    await service.setSettings({ enabled: true });
    const s = await until(service, (x) => x.lastFetch !== null);
    expect(standin.requests.map((r) => r.path)).toEqual(['/stats/eurofxref/eurofxref-hist-90d.xml']);
    expect(s.lastFetch).toEqual({ at: AFTER_PUBLICATION, ok: true });
    // The 90 days before the newest (the stand-in's window; the ECB's file holds about 64 working days).
    expect(s.days).toEqual(standin.days().filter((d) => d.date > '2026-08-27'));
    expect(s.days.some((d) => d.date === '2026-11-18')).toBe(false);
    expect(newest(s)).toBe('2026-11-25');
    expect(s.nextRefreshAt).toBe(Date.UTC(2026, 10, 26, 15, 30));
  });

  it('sends no key, token or cookie: only what a plain GET of a public file needs', async () => {
    const { standin, service } = await setup();
    await service.setSettings({ enabled: true });
    await until(service, (x) => x.lastFetch !== null);
    const headers = standin.requests[0]!.headers;
    for (const name of ['authorization', 'api-token', 'x-api-key', 'cookie']) expect(headers[name]).toBeUndefined();
    expect(headers.accept).toBe('application/xml, text/xml;q=0.9');
  });

  it('refreshes once a day after publication with the day file, and merges the new day into those kept', async () => {
    const { standin, clock, service, file } = await setup();
    await service.setSettings({ enabled: true });
    await until(service, (x) => x.lastFetch !== null);
    standin.setTo('2026-11-26');
    clock.advance(Date.UTC(2026, 10, 26, 15, 30) - clock.now());
    const s = await until(service, (x) => newest(x) === '2026-11-26');
    expect(standin.requests.map((r) => r.path.split('/').pop())).toEqual([
      'eurofxref-hist-90d.xml',
      'eurofxref-daily.xml',
    ]);
    expect(s.days.at(-2)?.date).toBe('2026-11-25');
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as { version: number; days: Array<{ date: string }> };
    expect(onDisk.version).toBe(1);
    expect(onDisk.days.at(-1)?.date).toBe('2026-11-26');
    expect(onDisk.days.length).toBe(s.days.length);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it('keeps the choice and the days across a restart: the next start reads them and contacts nothing before it is due', async () => {
    const first = await setup();
    await first.service.setSettings({ enabled: true });
    await until(first.service, (x) => x.lastFetch !== null);
    const second = await setup({ file: first.file });
    await second.service.start();
    expect(second.service.snapshot()).toMatchObject({ settings: { enabled: true }, lastFetch: { ok: true } });
    expect(newest(second.service.snapshot())).toBe('2026-11-25');
    expect(second.standin.requests).toEqual([]);
  });

  it('with the source down: the kept days stay, lastFetch says the error, and it tries again with backoff until it is back', async () => {
    const { standin, clock, service } = await setup();
    await service.setSettings({ enabled: true });
    const before = await until(service, (x) => x.lastFetch !== null);
    standin.setMode('down');
    standin.setTo('2026-11-26');
    const due = Date.UTC(2026, 10, 26, 15, 30);
    clock.advance(due - clock.now());
    const down = await until(service, (x) => x.lastFetch?.at === due);
    expect(down.days).toEqual(before.days);
    expect(down.lastFetch).toEqual({
      at: due,
      ok: false,
      error: 'The rates source answered HTTP 503 for eurofxref-daily.xml.',
    });
    expect(down.nextRefreshAt).toBe(due + 5 * 60_000);
    standin.setMode('refuse');
    clock.advance(5 * 60_000);
    const refused = await until(service, (x) => x.lastFetch?.at === due + 5 * 60_000);
    expect(refused.lastFetch?.error).toMatch(/could not be reached/);
    expect(refused.days).toEqual(before.days);
    expect(refused.nextRefreshAt).toBe(due + 15 * 60_000);
    standin.setMode('up');
    clock.advance(10 * 60_000);
    const back = await until(service, (x) => newest(x) === '2026-11-26');
    expect(back.lastFetch).toEqual({ at: due + 15 * 60_000, ok: true });
    expect(back.nextRefreshAt).toBe(Date.UTC(2026, 10, 27, 15, 30));
  });

  it('a manual refresh with the source down says the error and keeps the days', async () => {
    const { standin, service } = await setup();
    await service.setSettings({ enabled: true });
    const before = await until(service, (x) => x.lastFetch !== null);
    standin.setMode('down');
    const s = await service.refresh();
    expect(s.days).toEqual(before.days);
    expect(s.lastFetch).toEqual({
      at: AFTER_PUBLICATION,
      ok: false,
      error: 'The rates source answered HTTP 503 for eurofxref-daily.xml.',
    });
  });

  it('refuses a redirect without following it', async () => {
    const { standin, service } = await setup();
    standin.setMode('redirect');
    await service.setSettings({ enabled: true });
    const s = await until(service, (x) => x.lastFetch !== null);
    expect(s.lastFetch?.error).toBe(
      'The rates source sent the request elsewhere (rates.example.invalid); Market Desk does not follow redirects. Check the rates address.',
    );
    expect(standin.requests).toHaveLength(1);
    expect(s.days).toEqual([]);
  });

  it('does not read a file over the size cap', async () => {
    const { standin, service } = await setup({ maxBytes: 64 * 1024 });
    standin.setMode('huge');
    await service.setSettings({ enabled: true });
    const s = await until(service, (x) => x.lastFetch !== null);
    expect(s.lastFetch?.error).toBe('The rates file eurofxref-hist-90d.xml is larger than 64 kB; it was not read.');
  });

  it('a bad file is an error with a sentence, not a crash, and the kept days stay', async () => {
    const { standin, service } = await setup();
    await service.setSettings({ enabled: true });
    const before = await until(service, (x) => x.lastFetch !== null);
    standin.setMode('bad-file');
    const s = await service.refresh();
    expect(s.lastFetch?.error).toBe(
      'eurofxref-daily.xml: This is not an ECB rates file: its root is <html>, not a gesmes Envelope.',
    );
    expect(s.days).toEqual(before.days);
  });

  it('the environment fixes the address; without it Settings may change it, and a bad one is refused', async () => {
    const fixed = await setup();
    const s = await fixed.service.setSettings({ url: 'https://mirror.example/rates' });
    expect(s.settings).toEqual({ enabled: false, url: fixed.standin.url, urlFromEnvironment: true });
    const free = await setup({ envUrl: null });
    expect(free.service.snapshot().settings.url).toBe(DEFAULT_RATES_URL);
    expect((await free.service.setSettings({ url: 'https://mirror.example/rates' })).settings).toEqual({
      enabled: false,
      url: 'https://mirror.example/rates/',
      urlFromEnvironment: false,
    });
    await expect(free.service.setSettings({ url: 'http://mirror.example/' })).rejects.toThrow(RatesRequestError);
    expect((await free.service.setSettings({ url: '' })).settings.url).toBe(DEFAULT_RATES_URL);
  });

  it('refresh while off is refused with a sentence', async () => {
    const { service } = await setup();
    await expect(service.refresh()).rejects.toThrow('Exchange rates are off: turn them on in Settings first.');
  });
});

describe('the rates file', () => {
  it('a failed write is reported and the last good file survives', async () => {
    const file = fileFor();
    const { service } = await setup({ file });
    await service.setSettings({ enabled: true });
    await until(service, (x) => x.lastFetch !== null);
    const good = readFileSync(file, 'utf8');
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const failing = new RatesService({
      fetch: (url, init) => fetch(url, init),
      store: fileRatesStore(file, { ...nodeRatesFs, rename: async () => Promise.reject(full) }),
      clock: new FakeClock(AFTER_PUBLICATION),
      envUrl: standins[0]!.url,
    });
    services.push(failing);
    const s = await failing.setSettings({ enabled: false });
    expect(s.storageError).toBe(
      `The exchange rates could not be saved to ${file} (the disk is full); the last saved file is unchanged.`,
    );
    expect(s.days.length).toBeGreaterThan(0);
    expect(readFileSync(file, 'utf8')).toBe(good);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it('a damaged file is moved aside and reported; rates start afresh', async () => {
    const file = fileFor();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"version":1,"days":[{"date":"nope"');
    const { service } = await setup({ file });
    await service.start();
    expect(service.snapshot().storageError).toBe(
      `The exchange rates file was damaged; it was moved to ${file}.corrupt and rates start afresh.`,
    );
    expect(readFileSync(`${file}.corrupt`, 'utf8')).toContain('nope');
    expect(service.snapshot().settings.enabled).toBe(false);
  });

  it('a file from a newer version is left alone and never overwritten', async () => {
    const file = fileFor();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"version":2,"future":true}');
    const { service } = await setup({ file });
    const s = await service.setSettings({ enabled: false });
    expect(s.storageError).toMatch(/newer Market Desk/);
    expect(readFileSync(file, 'utf8')).toBe('{"version":2,"future":true}');
  });
});

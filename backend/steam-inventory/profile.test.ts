import { describe, expect, it } from 'vitest';
import { checkSteamUrl, DEFAULT_STEAM_URL, steamUrlFrom } from './config';
import { retryAfterMs } from './fetch-inventory';
import { parseProfile, readProfileXml } from './profile';

const STEAM = 'https://steamcommunity.com';
const ID = '76561190000000001';

describe('parseProfile', () => {
  it.each([
    [ID, { kind: 'id', steamId: ID }],
    [`https://steamcommunity.com/profiles/${ID}`, { kind: 'id', steamId: ID }],
    [`https://steamcommunity.com/profiles/${ID}/inventory/#730`, { kind: 'id', steamId: ID }],
    [`steamcommunity.com/profiles/${ID}/`, { kind: 'id', steamId: ID }],
    ['https://steamcommunity.com/id/some_trader/', { kind: 'vanity', name: 'some_trader' }],
    ['http://www.steamcommunity.com/id/some-trader', { kind: 'vanity', name: 'some-trader' }],
    ['some_trader', { kind: 'vanity', name: 'some_trader' }],
  ])('%s', (input, expected) => {
    expect(parseProfile(input, STEAM)).toEqual(expected);
  });

  it('accepts links to the configured stand-in, and refuses other sites and junk with a sentence', () => {
    expect(parseProfile(`http://127.0.0.1:9/profiles/${ID}`, 'http://127.0.0.1:9')).toEqual({
      kind: 'id',
      steamId: ID,
    });
    expect(parseProfile(`https://evil.example/profiles/${ID}`, STEAM)).toEqual({
      error: expect.stringMatching(/not a steamcommunity.com link/),
    });
    expect(parseProfile('12345', STEAM)).toEqual({ error: expect.stringMatching(/not a SteamID64/) });
    expect(parseProfile('https://steamcommunity.com/profiles/123', STEAM)).toEqual({
      error: expect.stringMatching(/not a SteamID64/),
    });
    expect(parseProfile('https://steamcommunity.com/market/', STEAM)).toEqual({
      error: expect.stringMatching(/profiles\/7656119/),
    });
    expect(parseProfile('', STEAM)).toEqual({ error: expect.stringMatching(/Enter/) });
    expect(parseProfile('two words', STEAM)).toEqual({ error: expect.stringMatching(/not a Steam profile link/) });
  });
});

describe('readProfileXml', () => {
  it("reads the SteamID64, Steam's error, or nothing", () => {
    expect(readProfileXml(`<profile><steamID64>${ID}</steamID64></profile>`)).toEqual({ steamId: ID });
    expect(
      readProfileXml('<response><error><![CDATA[The specified profile could not be found.]]></error></response>'),
    ).toEqual({
      notFound: 'The specified profile could not be found.',
    });
    expect(readProfileXml('<html>busy</html>')).toEqual({ unreadable: true });
  });
});

describe('retryAfterMs', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('the Steam address', () => {
  it('defaults to steamcommunity.com and takes MDS_STEAM_URL or --steam-url (the switch first)', () => {
    expect(steamUrlFrom({})).toEqual({ ok: true, url: DEFAULT_STEAM_URL, source: 'default' });
    expect(steamUrlFrom({ MDS_STEAM_URL: 'http://127.0.0.1:5199/' })).toEqual({
      ok: true,
      url: 'http://127.0.0.1:5199',
      source: 'env',
    });
    expect(steamUrlFrom({ MDS_STEAM_URL: 'http://127.0.0.1:1' }, ['--steam-url=https://steam.example/base/'])).toEqual({
      ok: true,
      url: 'https://steam.example/base',
      source: 'switch',
    });
    expect(steamUrlFrom({}, ['--steam-url', 'https://x.example'])).toMatchObject({
      ok: true,
      url: 'https://x.example',
    });
  });
  it('refuses plain http off this computer, and junk', () => {
    expect(checkSteamUrl('http://steam.example')).toEqual({
      ok: false,
      message: expect.stringMatching(/must be https/),
    });
    expect(checkSteamUrl('nope')).toEqual({ ok: false, message: expect.stringMatching(/not a URL/) });
    expect(checkSteamUrl('https://u:p@steam.example')).toEqual({
      ok: false,
      message: expect.stringMatching(/must not carry/),
    });
    expect(steamUrlFrom({ MDS_STEAM_URL: 'ftp://x' }).ok).toBe(false);
  });
});

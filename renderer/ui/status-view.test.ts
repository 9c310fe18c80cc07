import { describe, expect, it } from 'vitest';
import { CONNECTION_STATES, KEY_STORAGES, type ConnectionStatus } from '../../shared/api/status';
import { sourceKeyOf } from '../platform/connection';
import { bannerActions, bannerActionsFor, isHealthy, keyStorageView, STATE_VIEW, statusWords } from './status-view';

const base: ConnectionStatus = {
  state: 'demo',
  baseUrl: '',
  message: '',
  action: '',
  hasKey: false,
  nextRetryAt: null,
  keyStorage: 'none',
  weakStorageOnly: false,
  since: 0,
};

describe('status view', () => {
  it('every state has its label and tone', () => {
    // Hand-written: what the status pill must say and how it is coloured.
    const expected: Record<(typeof CONNECTION_STATES)[number], { label: string; tone: string }> = {
      connecting: { label: 'Connecting\u2026', tone: 'busy' },
      demo: { label: 'Demo data', tone: 'info' },
      connected: { label: 'Live', tone: 'ok' },
      'key-rejected': { label: 'Key rejected', tone: 'error' },
      'no-access': { label: 'No access', tone: 'warn' },
      offline: { label: 'Offline', tone: 'warn' },
      'server-error': { label: 'Server error', tone: 'error' },
    };
    expect(STATE_VIEW).toStrictEqual(expected);
  });

  it('falls back to the standard words when the host sends none', () => {
    expect(statusWords({ ...base, state: 'offline', message: '  ', action: '' })).toEqual({
      message: 'The market data service cannot be reached.',
      action: 'Check your internet connection and the Base URL. Market Desk keeps trying by itself.',
    });
    expect(statusWords({ ...base, state: 'connected' })).toEqual({
      message: 'Connected to the market data service.',
      action: '',
    });
    for (const state of CONNECTION_STATES) expect(statusWords({ ...base, state }).message).toMatch(/[.…]$/);
  });

  it('prefers the host\u2019s sentence when it sends one', () => {
    expect(statusWords({ ...base, state: 'offline', message: 'Custom.', action: 'Do this.' })).toEqual({
      message: 'Custom.',
      action: 'Do this.',
    });
  });

  it('errors offer a way out: Settings, Retry or demo data', () => {
    expect(bannerActions('key-rejected')).toEqual(['settings', 'demo']);
    expect(bannerActions('no-access')).toContain('demo');
    expect(bannerActions('offline')).toEqual(['retry', 'settings', 'demo']);
    expect(bannerActions('server-error')).toContain('retry');
    expect(bannerActions('connected')).toEqual([]);
    expect(bannerActionsFor({ ...base, state: 'demo', keyStorage: 'keyring-locked' })).toEqual(['retry', 'settings']);
    expect(bannerActionsFor({ ...base, state: 'demo' })).toEqual(['settings']);
    expect(isHealthy('connected') && isHealthy('demo')).toBe(true);
    expect(isHealthy('offline')).toBe(false);
  });

  it('explains each key storage, offering weak storage only where it applies', () => {
    for (const keyStorage of KEY_STORAGES) {
      for (const host of ['electron', 'web'] as const) {
        expect(keyStorageView({ ...base, keyStorage }, host).explain.length).toBeGreaterThan(10);
      }
    }
    expect(keyStorageView({ ...base, keyStorage: 'os-encrypted' }, 'electron').explain).toBe(
      'Encrypted by your operating system.',
    );
    const session = keyStorageView({ ...base, keyStorage: 'session-only', weakStorageOnly: true }, 'electron');
    expect(session.offerWeak).toBe(true);
    expect(session.explain).toMatch(/basic_text/);
    expect(session.explain).toMatch(/only for this session/);
    // No keyring and no basic_text to fall back on: "Store it anyway" could not store, so it is not offered.
    const noKeyring = keyStorageView({ ...base, keyStorage: 'session-only', weakStorageOnly: false }, 'electron');
    expect(noKeyring.offerWeak).toBe(false);
    expect(noKeyring.explain).toMatch(/only for this session/);
    // basic_text, stored anyway: Settings says it is not OS-encrypted.
    expect(keyStorageView({ ...base, keyStorage: 'file-0600' }, 'electron').explain).toMatch(
      /NOT encrypted by your operating system.*basic_text/,
    );
    const locked = keyStorageView({ ...base, keyStorage: 'keyring-locked', hasKey: true }, 'electron');
    expect(locked).toMatchObject({ short: 'Keyring locked', offerWeak: false });
    expect(locked.explain).toMatch(/^The keyring is locked: unlock it and retry\./);
    const memory = keyStorageView({ ...base, keyStorage: 'memory' }, 'web');
    expect(memory.offerWeak).toBe(true);
    expect(memory.explain).toMatch(/0600/);
    expect(keyStorageView({ ...base, keyStorage: 'file-0600' }, 'web').explain).toMatch(/not encrypted/);
    expect(keyStorageView({ ...base, keyStorage: 'none', weakStorageOnly: true }, 'web').offerWeak).toBe(true);
    expect(keyStorageView({ ...base, keyStorage: 'none' }, 'electron').offerWeak).toBe(false);
  });

  it('the data source changes only when a connection works', () => {
    expect(sourceKeyOf(null, null)).toBeNull();
    expect(sourceKeyOf({ ...base, state: 'demo' }, null)).toBe('demo');
    expect(sourceKeyOf({ ...base, state: 'connecting' }, 'demo')).toBe('demo');
    expect(sourceKeyOf({ ...base, state: 'key-rejected', baseUrl: 'https://x' }, 'demo')).toBe('demo');
    expect(sourceKeyOf({ ...base, state: 'connected', baseUrl: 'https://x' }, 'demo')).toBe('live|https://x');
  });
});

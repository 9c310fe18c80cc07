/** settleStatus: what connect/demo/forget resolve with when the host first answers 'connecting'. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../../shared/api/status';
import { settleStatus } from './connection-model';

function status(state: ConnectionStatus['state'], message: string = state): ConnectionStatus {
  return {
    state,
    baseUrl: 'https://api.example.com',
    message,
    action: '',
    hasKey: true,
    keyStorage: 'os-encrypted',
    weakStorageOnly: false,
    nextRetryAt: null,
    since: 1,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('settleStatus', () => {
  it('resolves at once with a status that is not connecting, and waits for nothing', async () => {
    const waiters = new Set<(s: ConnectionStatus) => void>();
    await expect(settleStatus(status('connected'), waiters)).resolves.toMatchObject({ state: 'connected' });
    expect(waiters.size).toBe(0);
  });

  it('waits past further connecting statuses for the first settled one, then stops listening', async () => {
    const waiters = new Set<(s: ConnectionStatus) => void>();
    const settled = settleStatus(status('connecting'), waiters);
    expect(waiters.size).toBe(1);
    for (const w of [...waiters]) w(status('connecting', 'still trying'));
    for (const w of [...waiters]) w(status('key-rejected'));
    await expect(settled).resolves.toMatchObject({ state: 'key-rejected' });
    expect(waiters.size).toBe(0);
  });

  it('gives up after its timeout with the last status it saw', async () => {
    vi.useFakeTimers();
    const waiters = new Set<(s: ConnectionStatus) => void>();
    const settled = settleStatus(status('connecting'), waiters);
    for (const w of [...waiters]) w(status('connecting', 'still trying'));
    vi.advanceTimersByTime(45_000);
    await expect(settled).resolves.toMatchObject({ state: 'connecting', message: 'still trying' });
    expect(waiters.size).toBe(0);
  });
});

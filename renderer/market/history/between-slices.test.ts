/**
 * A view's reads during a poll's write: answered at the write's pauses between slices once the user is
 * still, and at its end, in the order they came.
 */
import { describe, expect, it } from 'vitest';
import { betweenSlices } from './between-slices';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('betweenSlices', () => {
  it('takes nothing when no poll is being written', () => {
    expect(betweenSlices().offer(() => Promise.resolve())).toBe(false);
  });

  it('says a read waits from its offer until the pause that answers it (the slice under way ends)', async () => {
    const b = betweenSlices();
    const seen: boolean[] = [];
    await b.during(async () => {
      seen.push(b.waiting());
      b.offer(() => Promise.resolve());
      seen.push(b.waiting());
      await b.pause(() => Promise.resolve());
      seen.push(b.waiting());
    });
    expect(seen).toEqual([false, true, false]);
  });

  it('a read that comes during a slice is answered at the next pause, before the next slice', async () => {
    const b = betweenSlices();
    const log: string[] = [];
    let offered = false;
    await b.during(async () => {
      log.push('slice 1');
      offered = b.offer(() => {
        log.push('read');
        return Promise.resolve();
      });
      await b.pause(() => Promise.resolve());
      log.push('slice 2');
    });
    expect(offered).toBe(true);
    expect(log).toEqual(['slice 1', 'read', 'slice 2']);
  });

  it('a read that comes while the write is held (the user scrolls) is answered once the user is still', async () => {
    const b = betweenSlices();
    const log: string[] = [];
    let release: () => void = () => {};
    const writing = b.during(async () => {
      log.push('slice 1');
      await b.pause(() => new Promise<void>((r) => (release = r)));
      log.push('slice 2');
    });
    await tick();
    b.offer(() => {
      log.push('read');
      return Promise.resolve();
    });
    await tick();
    expect(log).toEqual(['slice 1']);
    release();
    await writing;
    expect(log).toEqual(['slice 1', 'read', 'slice 2']);
  });

  it('reads left at the end are answered before the write resolves, in the order they came, a failed one too', async () => {
    const b = betweenSlices();
    const log: string[] = [];
    const result = await b.during(() => {
      b.offer(() => Promise.reject(new Error('unreadable')));
      b.offer(() => {
        log.push('read 2');
        return Promise.resolve();
      });
      return Promise.resolve(42);
    });
    expect(result).toBe(42);
    expect(log).toEqual(['read 2']);
    expect(b.offer(() => Promise.resolve())).toBe(false);
  });

  it('a write that fails still answers the reads waiting on it, and fails', async () => {
    const b = betweenSlices();
    const log: string[] = [];
    await expect(
      b.during(() => {
        b.offer(() => {
          log.push('read');
          return Promise.resolve();
        });
        return Promise.reject(new Error('quota'));
      }),
    ).rejects.toThrow('quota');
    expect(log).toEqual(['read']);
  });
});

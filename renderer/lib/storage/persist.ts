/**
 * Asks the browser to keep Market Desk's storage (price history, alerts, offline copies) when the disk is
 * short of space: without it the data is "best effort" and may be evicted
 * (https://storage.spec.whatwg.org/#persistence, MDN "Storage quotas and eviction criteria"). Chromium
 * answers by its own heuristics, with no prompt (https://web.dev/articles/persistent-storage); Firefox may
 * ask the user. Asked once per start (persisted() first, so a granted origin is not asked again); the
 * answer is shown in Settings. Never rejects.
 */
import { errorText } from './versioned-db';
import { setPersistence, type Persistence } from './status';

export interface StorageManagerLike {
  persisted?(): Promise<boolean>;
  persist?(): Promise<boolean>;
}

export async function askPersistence(storage: StorageManagerLike | undefined): Promise<Persistence> {
  let answer: Persistence;
  if (!storage?.persist || !storage.persisted) answer = { state: 'unsupported' };
  else {
    try {
      answer =
        (await storage.persisted()) || (await storage.persist()) ? { state: 'persisted' } : { state: 'not-persisted' };
    } catch (e) {
      answer = { state: 'error', detail: errorText(e) };
    }
  }
  setPersistence(answer);
  return answer;
}

let asked: Promise<Persistence> | null = null;

/** The app's one request (main.tsx, at start). */
export function askPersistenceOnce(): Promise<Persistence> {
  asked ??= askPersistence(typeof navigator !== 'undefined' ? navigator.storage : undefined);
  return asked;
}

/**
 * The price history as a consumer of the engine: every poll is recorded, whatever page is open and
 * whether the window is visible or not (no view records). A poll that cannot be recorded is shown (the
 * 'history-write' notice: status bar and Settings); the history client sets its own, more exact text for
 * the failures it sees, which is kept.
 */
import { setNotice, storageStatus } from '../../lib/storage/status';
import { errorText } from '../../lib/storage/versioned-db';
import type { Answer } from './engine';

export interface HistoryConsumerDeps<T> {
  /** Records one answer (market/history/client.ts `record` in the app). */
  record(a: Answer<T>): Promise<unknown>;
  /** The user's "record price history" setting. */
  enabled(): boolean;
}

export function historyConsumer<T>(deps: HistoryConsumerDeps<T>): (a: Answer<T>) => Promise<void> {
  return async (a) => {
    if (!deps.enabled()) return;
    try {
      await deps.record(a);
    } catch (e) {
      // A newer build's database is told as the 'history-open' notice already.
      if ((e as { code?: string } | null)?.code === 'newer') return;
      if (storageStatus().notices['history-write'] === undefined)
        setNotice('history-write', `Could not save price history: ${errorText(e)}. The next refresh tries again.`);
      return;
    }
    setNotice('history-write', null);
  };
}

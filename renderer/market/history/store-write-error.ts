/**
 * The error a price history write rejects with, in words Settings shows the user.
 */
import { errorText } from '../../lib/storage/versioned-db';

/** A poll (or values load) that could not be written; `quota`: for lack of space, even after dropping old history. */
export class HistoryWriteError extends Error {
  override readonly name = 'HistoryWriteError';
  /** `trim`: the poll was saved, but dropping the history past “Keep” or “Size limit” failed. */
  constructor(
    readonly quota: boolean,
    cause: unknown,
    what: 'save' | 'trim' = 'save',
  ) {
    super(
      what === 'trim'
        ? `Could not drop the oldest price history to keep it within “Keep” and “Size limit”: ${errorText(cause)}. The prices were saved; the next refresh tries again.`
        : quota
          ? 'Could not save price history: the disk, or the browser storage Market Desk may use, is full. The oldest history was dropped and the save tried again, without success. Free some disk space, or lower “Size limit” or “Keep” below, or clear the history.'
          : `Could not save price history: ${errorText(cause)}. The next refresh starts afresh from a full record of the prices.`,
    );
  }
}

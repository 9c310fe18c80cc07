/** Messages between the UI and the history worker. */
import type { PollInput, ValuesInput } from './recorder';
import type { Limits } from './store';
import type { PortfolioSeriesRequest } from './portfolio-series';

/** Who follows items: the grid's watchlist, the alerts, the portfolio's holdings. */
export type FollowSource = 'watchlist' | 'alerts' | 'portfolio';

type Req =
  /** A grid poll (asks and bids) or another stream's values (the Steam analytics medians). */
  | { op: 'record'; poll: PollInput | ValuesInput; limits: Limits }
  /**
   * `markets`: the series keys to read ("a:<slug>", "b:<slug>", "s:<field>"); every one when absent. `view`: a
   * view's read, made again when the version moves, so it may be answered between a poll's slices.
   */
  | {
      op: 'item';
      game: number;
      name: string;
      from: number;
      to: number;
      slots: number;
      markets?: string[];
      view?: boolean;
    }
  | { op: 'sparks'; game: number; names: string[]; from: number; to: number; slots: number; askMarkets: string[] }
  /** Many items' values through time in one request (the Portfolio page's chart, portfolio-series.ts): a view's read. */
  | { op: 'portfolio'; req: PortfolioSeriesRequest }
  | { op: 'usage' }
  /** The items a source follows in a game (all their markets kept at poll resolution). */
  | { op: 'follow'; game: number; source: FollowSource; names: string[] }
  /** Consolidates what is old enough: at `now` at once (tests and tools), else in the background (the worker also does it after polls). */
  | { op: 'consolidate'; now?: number; afterMs?: number; dailyAfterMs?: number }
  | { op: 'enforce'; limits: Limits }
  | { op: 'clear' }
  /** Another tab cleared the history: the recorders start again from the disk (baselines). */
  | { op: 'forget' };

export type HistoryRequest = Req & { id: number };

/**
 * No request, no answer: the user scrolled, typed or pressed in the page (sent at most every
 * INPUT_HINT_MS). A poll's write holds its next slice until the user stops.
 */
export interface InputHint {
  hint: 'input';
}

/** The UI sends one hint at most this often (ms). */
export const INPUT_HINT_MS = 200;
/**
 * `code` says what failed: 'write' a poll (HistoryWriteError), 'newer' the database is a newer build's
 * (NewerDatabaseError). A message with `notice` is no answer: the database waits for another tab (text),
 * or not any more (null).
 */
export type HistoryResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string; code?: 'write' | 'newer' }
  | { notice: 'blocked'; text: string | null }
  /** Re-encoding version 1's chunks failed (text), or works again (null). */
  | { notice: 'migrate'; text: string | null };

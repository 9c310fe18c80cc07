/** Messages between the UI and the history worker. */
import type { PollInput } from './model';
import type { Limits } from './store';

type Req =
  | { op: 'record'; poll: PollInput; limits: Limits }
  | { op: 'item'; game: number; name: string; from: number; to: number; slots: number; markets?: string[] }
  | { op: 'sparks'; game: number; names: string[]; from: number; to: number; slots: number; askMarkets: string[] }
  | { op: 'usage' }
  | { op: 'enforce'; limits: Limits }
  | { op: 'clear' };

export type HistoryRequest = Req & { id: number };
export type HistoryResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

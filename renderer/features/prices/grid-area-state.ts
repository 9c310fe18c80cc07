/** Which block the Prices page's main area shows: the grid, or why there is none yet. */
import type { ConnectionStatus } from '../../../shared/api/status';

export type GridAreaState =
  | { kind: 'all-refused' }
  | { kind: 'no-markets' }
  | { kind: 'checking-markets' }
  | { kind: 'error' }
  | { kind: 'waiting'; status: ConnectionStatus }
  | { kind: 'loading' }
  | { kind: 'grid' };

export interface GridAreaInput {
  askMarkets: number;
  refusedAsk: number;
  /** Market discovery is asking the service which names it knows. */
  checkingMarkets: boolean;
  /** The grid's data and figures are here. */
  ready: boolean;
  hasSnapshot: boolean;
  error: { kind: string } | null;
  /** Discovery has a source and has not settled for this game (a refused name may still be found out). */
  discoveryPending: boolean;
  /** The connection is down and there is no data: say so rather than "Loading…". */
  waiting: ConnectionStatus | null;
}

export function gridAreaState(i: GridAreaInput): GridAreaState {
  if (i.askMarkets === 0 && i.refusedAsk > 0 && !i.checkingMarkets) return { kind: 'all-refused' };
  if (i.askMarkets === 0 && !i.checkingMarkets) return { kind: 'no-markets' };
  if (!i.hasSnapshot && (i.checkingMarkets || (i.error?.kind === 'bad-request' && i.discoveryPending)))
    return { kind: 'checking-markets' };
  if (!i.hasSnapshot && i.error) return { kind: 'error' };
  if (i.waiting) return { kind: 'waiting', status: i.waiting };
  if (!i.ready) return { kind: 'loading' };
  return { kind: 'grid' };
}

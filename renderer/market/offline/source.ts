/** Whose kept data a view may show, and whose is kept at all. */
import type { ConnectionStatus } from '../../../shared/api/status';

/**
 * The source whose data may be shown now: the one serving data, or, before any did, the live service the
 * host is connecting or reconnecting to (its status carries that Base URL). Null when unknown.
 */
export function restoreSourceOf(sourceKey: string | null, status: ConnectionStatus | null): string | null {
  if (sourceKey !== null) return sourceKey;
  if (!status || status.state === 'demo' || status.baseUrl === '') return null;
  return `live|${status.baseUrl}`;
}

/** Only data of a live service is kept. */
export const keepsOffline = (source: string | null): source is string => source !== null && source.startsWith('live|');

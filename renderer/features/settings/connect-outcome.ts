/** What the Connection card says after Connect, Use demo data or Forget key: the host's answer, in words. */
import type { ConnectionStatus } from '../../../shared/api/status';
import { describeError, isPlatformError } from '../../platform';
import { statusWords } from '../../ui/status-view';

export interface OutcomeValue {
  tone: 'ok' | 'error';
  message: string;
  action?: string;
  detail?: string;
}
export type Outcome = OutcomeValue | null;

export function outcomeOf(s: ConnectionStatus, what: 'connect' | 'demo' | 'forget'): OutcomeValue {
  if (s.state === 'connected') {
    return {
      tone: 'ok',
      message: s.baseUrl
        ? `Connected to ${s.baseUrl}. Prices now come from your service.`
        : 'Connected to the built-in reference service with your key.',
    };
  }
  if (s.state === 'demo') {
    return {
      tone: 'ok',
      message:
        what === 'forget'
          ? 'Key forgotten. Showing demo data from the built-in reference service.'
          : 'Using demo data from the built-in reference service.',
    };
  }
  const w = statusWords(s);
  return { tone: 'error', message: w.message, action: w.action };
}

export function failureOf(e: unknown): OutcomeValue {
  return {
    tone: 'error',
    message: describeError(e),
    detail: isPlatformError(e) && e.detail ? e.detail : undefined,
  };
}

/** What keeps serving data after a failed connect. */
export function keptConnectionText(previous: ConnectionStatus | null): string {
  if (previous?.state === 'connected') return 'Your previous connection stays in use meanwhile.';
  return 'Market Desk keeps showing demo data meanwhile.';
}

import { describe, expect, it } from 'vitest';
import type { ConnectionState, ConnectionStatus } from '../../../shared/api/status';
import { PlatformError } from '../../platform';
import { failureOf, keptConnectionText, outcomeOf } from './connect-outcome';

function status(state: ConnectionState, baseUrl = '', message = ''): ConnectionStatus {
  return {
    state,
    baseUrl,
    message,
    action: '',
    hasKey: true,
    keyStorage: 'os-encrypted',
    weakStorageOnly: false,
    nextRetryAt: null,
    since: 0,
  };
}

describe('what the Connection card says after an action', () => {
  it('connected: names the service, or the built-in one when no Base URL', () => {
    expect(outcomeOf(status('connected', 'https://api.example.test'), 'connect')).toEqual({
      tone: 'ok',
      message: 'Connected to https://api.example.test. Prices now come from your service.',
    });
    expect(outcomeOf(status('connected'), 'connect').message).toBe(
      'Connected to the built-in reference service with your key.',
    );
  });

  it('demo: a forgotten key says so; the demo choice says demo data', () => {
    expect(outcomeOf(status('demo'), 'forget').message).toBe(
      'Key forgotten. Showing demo data from the built-in reference service.',
    );
    expect(outcomeOf(status('demo'), 'demo').message).toBe('Using demo data from the built-in reference service.');
  });

  it('any other state is an error with the host message', () => {
    const o = outcomeOf(status('key-rejected', 'https://api.example.test', 'The service refused the key.'), 'connect');
    expect(o.tone).toBe('error');
    expect(o.message).toBe('The service refused the key.');
    expect(o.action).toBeTruthy();
  });

  it('a thrown error: its sentence, with the platform detail where there is one', () => {
    expect(failureOf(new PlatformError('refused', 'Refused.', 'HTTP 400'))).toEqual({
      tone: 'error',
      message: 'Refused.',
      detail: 'HTTP 400',
    });
    expect(failureOf(new Error('Boom.'))).toEqual({ tone: 'error', message: 'Boom.', detail: undefined });
  });

  it('after a failed connect: which connection keeps serving', () => {
    expect(keptConnectionText(status('connected', 'https://a.test'))).toBe(
      'Your previous connection stays in use meanwhile.',
    );
    expect(keptConnectionText(status('offline'))).toBe('Market Desk keeps showing demo data meanwhile.');
    expect(keptConnectionText(null)).toBe('Market Desk keeps showing demo data meanwhile.');
  });
});

/**
 * Validates whatever a host says is a ConnectionStatus. Used on every value that crosses into the UI.
 */
import { z } from 'zod';
import { ConnectionStatusSchema, type ConnectionStatus } from '../../shared/api/status';
import { PlatformError } from './errors';

/** A short, readable summary of a zod failure (paths and messages, no values: they may be large). */
function summarizeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 4)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

export function parseStatus(raw: unknown, from: string): ConnectionStatus {
  const parsed = ConnectionStatusSchema.safeParse(raw);
  if (!parsed.success) {
    throw new PlatformError(
      'invalid-data',
      `Market Desk could not read the connection status from ${from}.`,
      summarizeZodError(parsed.error),
    );
  }
  return parsed.data;
}

/** JSON text (an SSE message body) to a ConnectionStatus, or a PlatformError. */
export function parseStatusJson(text: string, from: string): ConnectionStatus {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new PlatformError(
      'invalid-data',
      `Market Desk could not read the connection status from ${from}.`,
      'not JSON',
    );
  }
  return parseStatus(raw, from);
}

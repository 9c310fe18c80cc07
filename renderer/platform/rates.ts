/** Exchange rates from either host, parsed with zod: a bad answer is a PlatformError with a sentence. */
import { RatesSnapshotSchema } from '../../shared/rates/schemas';
import type { RatesSnapshot } from '../../shared/rates/types';
import { PlatformError } from './errors';

export function parseRatesSnapshot(raw: unknown, from: string): RatesSnapshot {
  const parsed = RatesSnapshotSchema.safeParse(raw);
  if (!parsed.success)
    throw new PlatformError(
      'invalid-data',
      `Market Desk could not read the exchange rates from ${from}.`,
      'rates snapshot',
    );
  return parsed.data;
}

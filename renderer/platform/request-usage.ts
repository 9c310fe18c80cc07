/** The back end's request counts as the page reads them (either host): checked, or a clear error naming the host. */
import { RequestUsageSchema, type RequestUsage } from '../../shared/budget/usage';
import { PlatformError } from './errors';

export function parseRequestUsage(raw: unknown, from: string): RequestUsage {
  const parsed = RequestUsageSchema.safeParse(raw);
  if (!parsed.success)
    throw new PlatformError(
      'invalid-data',
      `Market Desk could not read the request counts from ${from}.`,
      'request usage',
    );
  return parsed.data;
}

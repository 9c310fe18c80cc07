/** "Fetch from Steam" in the browser: one POST to the web host whose NDJSON answer streams progress, then the result. */
import type { DesktopApi } from '../../shared/bridge/desktop-api';
import type { SteamInventoryResult } from '../../shared/steam/inventory';
import {
  SteamInventoryProgressSchema,
  SteamInventoryRequestSchema,
  toSteamInventoryResult,
} from '../../shared/steam/schemas';
import { FROM, HostErrorBody } from './web-host-request';

/** The longest NDJSON line read (the result of a large inventory is a few MB). */
const MAX_STEAM_LINE = 128 * 1024 * 1024;

/**
 * "Fetch from Steam" through the web host: one POST whose answer streams progress lines and then the result.
 * Failures are results with a sentence (never a throw), as DesktopApi.fetchSteamInventory promises.
 */
export async function fetchSteamViaHost(
  doFetch: typeof fetch,
  url: string,
  ...[request, options]: Parameters<DesktopApi['fetchSteamInventory']>
): Promise<SteamInventoryResult> {
  const cancelled: SteamInventoryResult = {
    ok: false,
    reason: 'cancelled',
    message: 'Fetching from Steam was cancelled.',
  };
  const req = SteamInventoryRequestSchema.safeParse(request);
  if (!req.success) return { ok: false, reason: 'bad-profile', message: 'Enter a Steam profile link or a SteamID64.' };
  if (options.signal?.aborted) return cancelled;
  const abort = new AbortController();
  options.signal?.addEventListener('abort', () => abort.abort(), { once: true });
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify(req.data),
      signal: abort.signal,
    });
  } catch {
    return abort.signal.aborted
      ? cancelled
      : { ok: false, reason: 'network', message: 'Market Desk cannot reach its web host. Is it still running?' };
  }
  if (!res.ok || !res.body) {
    const err = HostErrorBody.safeParse(await res.json().catch(() => null));
    return {
      ok: false,
      reason: res.status === 400 ? 'bad-profile' : 'network',
      message: err.success ? err.data.error.message : `The web host answered HTTP ${res.status}.`,
    };
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const handle = (line: string): SteamInventoryResult | null => {
    if (line.trim() === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { ok: false, reason: 'bad-data', message: `Market Desk could not read the answer from ${FROM}.` };
    }
    if (typeof value !== 'object' || value === null) return null;
    if ('result' in value) return toSteamInventoryResult(value.result);
    if ('progress' in value) {
      const progress = SteamInventoryProgressSchema.safeParse(value.progress);
      if (progress.success) options.onProgress?.(progress.data);
    }
    return null;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += decoder.decode(value, { stream: !done });
      let nl = buffered.indexOf('\n');
      while (nl >= 0) {
        const result = handle(buffered.slice(0, nl));
        if (result) return result;
        buffered = buffered.slice(nl + 1);
        nl = buffered.indexOf('\n');
      }
      if (buffered.length > MAX_STEAM_LINE)
        return { ok: false, reason: 'bad-data', message: 'The answer about the Steam inventory is too large.' };
      if (done)
        return (
          handle(buffered) ?? {
            ok: false,
            reason: 'network',
            message: "The web host stopped before Steam's answer arrived. Try again.",
          }
        );
    }
  } catch {
    return abort.signal.aborted
      ? cancelled
      : { ok: false, reason: 'network', message: 'The connection to the web host broke off. Try again.' };
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

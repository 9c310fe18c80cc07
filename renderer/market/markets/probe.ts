/**
 * Probes for discovery.ts: one real request of an operation with the names to test, through the host's
 * gateway like every other call (REST forms: their success is a bare JSON array, so the first byte tells).
 * A success is cancelled as soon as its first bytes show it, so a probe of a whole-catalog operation costs
 * one network read (about 64 KiB with Node's and Chromium's fetch), not the catalog. A refusal as invalid input is read (capped) for the names it gives.
 */
import { REST_PATHS } from '../../../shared/api/schema';
import { errorFromHttp } from '../../api/errors';
import { post, type FetchFn } from '../../api/http';
import type { Probe, ProbeOutcome } from './discovery';
import { namesInError } from './refused-names';

/** What a probe reads of an answer at most: an error body, or the start of a success. */
const READ_CAP = 64 * 1024;

export type ProbedOperation = 'minPrices' | 'maxOrders' | 'recommendations' | 'marketOrderAnalytics';

export interface ProbeStats {
  requests: number;
  /** Body bytes read (a cancelled success counts only what arrived before the cancel). */
  bytes: number;
}

function probeBody(op: ProbedOperation, game: number, names: readonly string[]): { path: string; body: unknown } {
  switch (op) {
    case 'minPrices':
      return { path: REST_PATHS.minPrices, body: { game_id: game, markets: names } };
    case 'maxOrders':
      return { path: REST_PATHS.maxOrders, body: { game_id: game, markets: names } };
    case 'recommendations':
      return { path: REST_PATHS.priceRecommendations, body: { game_id: game, markets: names } };
    case 'marketOrderAnalytics':
      return { path: REST_PATHS.marketOrderAnalytics, body: { game_id: game, market_name: names[0] } };
  }
}

/** Reads at most READ_CAP bytes, or until `enough` says the start decides it; then cancels the rest. */
async function readStart(res: Response, stats: ProbeStats, enough: (text: string) => boolean): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      stats.bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
      if (text.length >= READ_CAP || enough(text)) break;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, READ_CAP);
}

const startsArray = (text: string) => /^\s*\[/.test(text);
const decided = (text: string) => /^\s*\S/.test(text) && !/^\s*\{/.test(text);

/** A Probe of one operation for one game, counting into `stats`. */
export function httpProbe(op: ProbedOperation, game: number, stats: ProbeStats, fetchFn?: FetchFn): Probe {
  return async (names, signal): Promise<ProbeOutcome> => {
    const { path, body } = probeBody(op, game, names);
    stats.requests++;
    const res = await post(path, body, { signal, fetch: fetchFn });
    if (res.ok) {
      // A success is a bare array: its first byte is enough. Anything else (an error object sent with 200)
      // is read to its end, within the cap.
      const start = await readStart(res, stats, decided);
      if (startsArray(start)) return { ok: true };
      let json: unknown = start;
      try {
        json = JSON.parse(start);
      } catch {
        // text stays text
      }
      const e = errorFromHttp(200, json);
      if (e.kind === 'bad-request') return { ok: false, named: namesInError(json, names) };
      throw e;
    }
    const text = await readStart(res, stats, () => false);
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // a text body ("Bad Request") stays text
    }
    const e = errorFromHttp(res.status, json, res.headers.get('retry-after'));
    if (e.kind === 'bad-request') return { ok: false, named: namesInError(json, names) };
    throw e;
  };
}

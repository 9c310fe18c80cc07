/**
 * What a service's answer says about its request limits, read defensively: an absent, malformed or absurd
 * header is ignored (null), never thrown. Three forms: Retry-After (RFC 9110 10.2.3), the X-RateLimit-* trio,
 * and the IETF RateLimit-Policy / RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10,
 * https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/10/) with the older drafts' bare form.
 * How each is read: README.md here.
 */

export interface HeaderSource {
  get(name: string): string | null;
}

/** One quota the service states. */
export interface StatedLimit {
  /** Policy name ('' when the form has none). */
  readonly name: string;
  /** Requests allowed per window. */
  readonly quota: number;
  /** The window in seconds; null when the service does not say (X-RateLimit-*). */
  readonly windowSeconds: number | null;
  /** Requests left in the current window, when said. */
  readonly remaining: number | null;
  /** When the window resets (ms since epoch), when said. */
  readonly resetAt: number | null;
}

export interface LimitReading {
  readonly limits: readonly StatedLimit[];
  /** ms to wait from Retry-After, when present and readable. */
  readonly retryAfterMs: number | null;
}

const MAX_COUNT = 1e12;
/** Longer than any quota window a plan has (a year), so a garbled value is not taken for one. */
const MAX_WINDOW_SECONDS = 366 * 24 * 3600;
const MAX_HEADER_LENGTH = 4096;

export function readLimitHeaders(headers: HeaderSource, nowMs: number): LimitReading {
  const retryAfterMs = parseRetryAfterMs(safeGet(headers, 'retry-after'), nowMs);
  const ietf = readIetf(headers, nowMs);
  const legacy = readXRateLimit(headers, nowMs);
  // Services that send both forms state the same quota twice: the IETF one (it has the window) is kept.
  const repeated = legacy !== null && ietf.some((l) => l.quota === legacy.quota);
  return { limits: legacy && !repeated ? [...ietf, legacy] : ietf, retryAfterMs };
}

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3). Returns ms to wait, or null when the
 * header is absent or unreadable (the caller then falls back to its own backoff).
 */
export function parseRetryAfterMs(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}

function safeGet(headers: HeaderSource, name: string): string | null {
  try {
    const value = headers.get(name);
    return typeof value === 'string' && value.length <= MAX_HEADER_LENGTH ? value : null;
  } catch {
    return null;
  }
}

function count(text: string | undefined | null): number | null {
  if (text === undefined || text === null) return null;
  const t = text.trim();
  if (!/^\d{1,13}$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_COUNT ? n : null;
}

function readXRateLimit(headers: HeaderSource, nowMs: number): StatedLimit | null {
  const quota = count(safeGet(headers, 'x-ratelimit-limit'));
  if (quota === null || quota === 0) return null;
  const remaining = count(safeGet(headers, 'x-ratelimit-remaining'));
  const reset = count(safeGet(headers, 'x-ratelimit-reset'));
  const resetAt = reset === null ? null : reset > 1e9 ? reset * 1000 : nowMs + reset * 1000;
  return {
    name: '',
    quota,
    windowSeconds: null,
    remaining: remaining === null ? null : Math.min(remaining, quota),
    resetAt,
  };
}

interface Member {
  readonly name: string;
  readonly params: ReadonlyMap<string, string>;
  /** The bare item as a number (the older drafts' `10;w=1`). */
  readonly bare: number | null;
}

/**
 * The subset of an RFC 8941 list these fields use: members separated by commas, each an item (a quoted
 * string, a token or an integer) and `;key=value` parameters. A member that does not parse is skipped.
 */
function parseList(value: string | null): Member[] {
  if (value === null) return [];
  const members: Member[] = [];
  for (const part of splitOutsideQuotes(value, ',')) {
    const pieces = splitOutsideQuotes(part, ';').map((p) => p.trim());
    const head = pieces[0] ?? '';
    let name = '';
    let bare: number | null = null;
    if (/^"(?:[^"\\]|\\.){0,64}"$/.test(head)) name = head.slice(1, -1).replace(/\\(.)/g, '$1');
    else if (/^[A-Za-z*][\w:./*-]{0,63}$/.test(head)) name = head;
    else if ((bare = count(head)) === null) continue;
    const params = new Map<string, string>();
    let ok = true;
    for (const p of pieces.slice(1)) {
      const m = /^([a-z*][a-z0-9_.*-]{0,15})(?:=(.*))?$/.exec(p);
      if (!m) {
        ok = false;
        break;
      }
      params.set(m[1]!, (m[2] ?? '?1').trim());
    }
    if (ok) members.push({ name, params, bare });
  }
  return members;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' && text[i - 1] !== '\\') quoted = !quoted;
    if (c === separator && !quoted) {
      out.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  out.push(current);
  return out.filter((p) => p.trim() !== '');
}

function readIetf(headers: HeaderSource, nowMs: number): StatedLimit[] {
  const policies = parseList(safeGet(headers, 'ratelimit-policy'));
  const live = parseList(safeGet(headers, 'ratelimit'));
  const out: StatedLimit[] = [];
  for (const policy of policies) {
    const quota = count(policy.params.get('q')) ?? policy.bare;
    if (quota === null || quota === 0) continue;
    const unit = policy.params.get('qu');
    if (unit !== undefined && unit !== '"requests"' && unit !== 'requests') continue; // content-bytes, concurrent-requests: not ours
    const w = count(policy.params.get('w'));
    const windowSeconds = w !== null && w > 0 && w <= MAX_WINDOW_SECONDS ? w : null;
    const counter = live.find((m) => m.name === policy.name);
    const r = counter ? count(counter.params.get('r')) : null;
    const t = counter ? count(counter.params.get('t')) : null;
    out.push({
      name: policy.name,
      quota,
      windowSeconds,
      remaining: r === null ? null : Math.min(r, quota),
      resetAt: t === null || t > MAX_WINDOW_SECONDS ? null : nowMs + t * 1000,
    });
  }
  return out;
}

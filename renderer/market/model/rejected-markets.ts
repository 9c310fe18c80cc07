/**
 * Which requested market slugs a service's error answer names as unknown: the price load's 400 carries
 * them in its ApiError (`rejectedMarkets`), so the Prices page can offer to remove them.
 */
import { errorFromHttp, kindFromStatus, type ApiError } from '../../api/errors';

/** An HTTP error answer of a load -> its ApiError, naming the requested slugs a 400's body rejects. */
export function loadHttpError(
  status: number,
  body: unknown,
  retryAfter: string | null,
  requested: readonly string[],
): ApiError {
  return errorFromHttp(
    status,
    body,
    retryAfter,
    kindFromStatus(status) === 'bad-request' ? findRejectedMarkets(body, requested) : [],
  );
}

function record(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/**
 * Which of the requested slugs an error body rejects. Reads the reference service's details
 * ({argument: 'markets', value: '<slug>'} in GraphQL extensions or the REST error object), then falls
 * back to a slug quoted in the message ("Unknown market \"foo\"..."), so another service's wording works
 * as long as it quotes the slug.
 */
export function findRejectedMarkets(body: unknown, requested: readonly string[]): string[] {
  const wanted = new Set(requested);
  const found = new Set<string>();
  const details: Array<Record<string, unknown>> = [];
  const root = record(body);
  if (root) {
    if (Array.isArray(root.errors)) {
      for (const e of root.errors) {
        const er = record(e);
        if (!er) continue;
        details.push({ ...(record(er.extensions) ?? {}), message: er.message });
      }
    }
    const rest = record(root.error);
    if (rest) details.push(rest);
  }
  for (const d of details) {
    const arg = typeof d.argument === 'string' ? d.argument : '';
    const values = Array.isArray(d.value) ? d.value : [d.value];
    if (!arg || /market/i.test(arg)) {
      for (const v of values) if (typeof v === 'string' && wanted.has(v)) found.add(v);
    }
    if (found.size === 0 && typeof d.message === 'string') {
      const msg = d.message;
      const re = /market[\w\s]*?["'`\u201c\u2018]([^"'`\u201d\u2019]{1,100})["'`\u201d\u2019]/gi;
      for (let m = re.exec(msg); m; m = re.exec(msg)) {
        const slug = m[1] ?? '';
        if (wanted.has(slug)) found.add(slug);
      }
    }
  }
  if (found.size === 0 && typeof body === 'string') {
    for (const slug of requested) {
      if (new RegExp(`["'\`]${slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'\`]`).test(body)) found.add(slug);
    }
  }
  return [...found];
}

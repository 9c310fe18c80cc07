/**
 * Which of the requested market names a refusal names. The spec gives no error shape, and services word
 * refusals their own way ("unknown market: steam", `Unknown market "steam"`, {argument, value}, or just
 * "Bad Request"), so this reads any JSON or text body defensively and keeps to names that were asked for.
 * It never takes a name from a list of what *is* supported ("Supported: a, b"). An empty answer means the
 * error names none, and discovery.ts finds them by splitting the list instead.
 */

const MAX_DEPTH = 6;
const MAX_STRINGS = 200;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Keys whose string values name the refused value itself. */
const VALUE_KEY =
  /^(value|values|market|markets|market_name|invalid\w*|unknown\w*|unsupported\w*|rejected\w*|bad\w*)$/i;

/** Every string in the body with the key it stood under and the `argument` beside it (bounded). */
function strings(body: unknown): Array<{ key: string; text: string; argument: string }> {
  const out: Array<{ key: string; text: string; argument: string }> = [];
  const walk = (v: unknown, key: string, argument: string, depth: number): void => {
    if (out.length >= MAX_STRINGS || depth > MAX_DEPTH) return;
    if (typeof v === 'string') out.push({ key, text: v.slice(0, 4000), argument });
    else if (Array.isArray(v)) for (const x of v.slice(0, 100)) walk(x, key, argument, depth + 1);
    else if (isRecord(v)) {
      const arg =
        typeof v.argument === 'string'
          ? v.argument
          : typeof v.field === 'string'
            ? v.field
            : typeof v.param === 'string'
              ? v.param
              : argument;
      for (const [k, x] of Object.entries(v)) walk(x, k, arg, depth + 1);
    }
  };
  walk(body, '', '', 0);
  return out;
}

const NAME_CHAR = /[A-Za-z0-9_.-]/;

/** Whether `name` stands in `text` as a whole word (not part of a longer name). */
function standsIn(text: string, name: string): number {
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at < 0) return -1;
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + name.length] ?? '';
    if (!NAME_CHAR.test(before) && !NAME_CHAR.test(after)) return at;
    from = at + 1;
  }
}

/** Where a list of accepted names starts in a message: names after it are not refused. */
const ACCEPTED_LIST = /\b(supported|allowed|accepted|valid|available|expected|one of|did you mean)\b/i;
/** Words that say a market was refused. */
const REFUSAL =
  /\b(unknown|invalid|unsupported|not supported|not found|not allowed|not available|unavailable|refused|rejected|bad|no such|disabled)\b/i;

export function namesInError(body: unknown, requested: readonly string[]): string[] {
  if (requested.length === 0) return [];
  const found = new Set<string>();
  const wanted = new Set(requested);
  const texts = strings(body);
  // 1. Structured: {argument: 'markets', value: 'x'} and the like.
  for (const { key, text, argument } of texts) {
    if (!VALUE_KEY.test(key)) continue;
    if (argument && !/market/i.test(argument)) continue;
    if (wanted.has(text)) found.add(text);
  }
  if (found.size > 0) return requested.filter((n) => found.has(n));
  // 2. Words: a requested name after a refusal word and before any list of accepted names.
  for (const { text } of texts) {
    const stop = text.search(ACCEPTED_LIST);
    const scope = stop >= 0 ? text.slice(0, stop) : text;
    if (!REFUSAL.test(scope) && !/market/i.test(scope)) continue;
    for (const name of requested) if (standsIn(scope, name) >= 0) found.add(name);
  }
  return requested.filter((n) => found.has(n));
}

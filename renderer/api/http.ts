/**
 * Plain fetch helpers for the REST forms of the market data API (same origin: the host's gateway adds the
 * token), and the row-by-row reading every answer gets. GraphQL goes through urql (client.ts).
 */
import { describeValue, readRows, type RowReader, type Rows } from '../../shared/api/rows';
import { errorFromHttp, invalidResponse, networkError } from './errors';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Injectable for tests. */
  fetch?: typeof fetch;
}

/**
 * An array answer read row by row (shared/api/rows.ts): a bad row or value costs only itself. Only an answer
 * that is not an array at all is an 'invalid-response' ApiError, naming `what`.
 */
export function readResponseRows<T>(reader: RowReader<T>, value: unknown, what: string): Rows<T> {
  const rows = readRows(value, reader);
  if (!rows) throw invalidResponse(`${what}: expected an array of items, got ${describeValue(value)}`);
  return rows;
}

/** POSTs JSON and returns the parsed JSON body, or throws an ApiError (AbortError passes through). */
export async function postJson(path: string, body: unknown, options: RequestOptions = {}): Promise<unknown> {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let res: Response;
  try {
    res = await doFetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw networkError(e);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw networkError(e);
  }
  let json: unknown = text;
  let isJson = false;
  try {
    json = JSON.parse(text);
    isJson = true;
  } catch {
    // keep the text for the error detail
  }
  if (!res.ok) throw errorFromHttp(res.status, json, res.headers.get('retry-after'));
  if (!isJson) throw invalidResponse(`${path}: the answer is not JSON`);
  return json;
}

/** A REST call: POST body, the array result read row by row (spec 4.2: the array, no `data` wrapper). */
export async function restPost<T>(
  path: string,
  body: unknown,
  reader: RowReader<T>,
  options: RequestOptions = {},
): Promise<Rows<T>> {
  const json = await postJson(path, body, options);
  // A 200 that still carries one of the documented error bodies.
  if (json && typeof json === 'object' && !Array.isArray(json) && ('error' in json || 'errors' in json)) {
    throw errorFromHttp(200, json);
  }
  return readResponseRows(reader, json, path);
}


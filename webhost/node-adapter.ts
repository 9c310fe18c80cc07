/**
 * Node http <-> web-standard Request/Response, so the web host runs the same handlers as Electron's
 * protocol.handle. Bodies stream both ways (Readable.toWeb / Readable.fromWeb); nothing is buffered here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Node's fetch needs duplex: 'half' for a streamed request body; lib.dom's RequestInit lacks it. */
type StreamingRequestInit = RequestInit & { duplex?: 'half' };

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

export function toWebRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: StreamingRequestInit = {
    method,
    headers: headersOf(req),
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  };
  return new Request(new URL(req.url ?? '/', origin), init);
}

/** Writes a web Response to Node's response, streaming the body with backpressure. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), res);
  } catch {
    // The client went away or upstream broke mid-body; the socket is already torn down.
    res.destroy();
  }
}

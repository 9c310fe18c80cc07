/**
 * Reading a request's JSON body within the size limit: the content-type check, the 413 (declared or
 * counted as it arrives), the empty and malformed bodies as 400s, and a client that hangs up mid-body.
 */
import type { IncomingMessage } from 'node:http';
import { badRequest, ServiceError } from './errors';
import { ClientGone } from './serialize';

export const DEFAULT_MAX_BODY = 1024 * 1024;

export function checkContentType(req: IncomingMessage): void {
  const ct = req.headers['content-type'];
  const media = (ct ?? '').split(';')[0]!.trim().toLowerCase();
  if (media !== 'application/json') {
    throw badRequest(
      ct
        ? `Unsupported Content-Type "${ct.slice(0, 100)}"; send application/json.`
        : 'Missing Content-Type; send application/json.',
      { argument: 'content-type' },
    );
  }
}

function tooLarge(limit: number): ServiceError {
  return new ServiceError(413, 'PAYLOAD_TOO_LARGE', {
    message: `The request body exceeds the limit of ${limit} bytes.`,
    details: { limit },
  });
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (c: Buffer): void => {
      size += c.length;
      if (size > limit) {
        done = true;
        req.off('data', onData);
        req.resume(); // let the rest drain so the 413 can be delivered
        reject(tooLarge(limit));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks, size));
    });
    req.on('error', (e) => {
      if (!done) reject(e);
      done = true;
    });
    req.on('close', () => {
      if (!done && !req.complete) reject(new ClientGone());
      done = true;
    });
  });
}

export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const body = await readBody(req, limit);
  if (body.length === 0) throw badRequest('The request body is empty; send a JSON object.');
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw badRequest(`The request body is not valid JSON: ${(e as Error).message.slice(0, 200)}`);
  }
}

/** Control routes read request bodies under a cap, while reading: a huge chunked body is cut off early. */
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../shared/api/status';
import type { RequestUsage } from '../shared/budget/usage';
import { StatusHub } from '../backend/status-hub';
import { createControlHandler, type ControlTarget } from './control-routes';

const CAP = 64 * 1024; // MAX_CONTROL_BODY
const CHUNK = 1024;

const STATUS: ConnectionStatus = {
  state: 'demo',
  baseUrl: '',
  message: 'm',
  action: 'a',
  hasKey: false,
  keyStorage: 'none',
  weakStorageOnly: false,
  nextRetryAt: null,
  since: 1,
};

function target(): ControlTarget & { connect: ReturnType<typeof vi.fn> } {
  return {
    hub: new StatusHub(STATUS),
    getStatus: () => STATUS,
    connect: vi.fn(async () => STATUS),
    useDemo: async () => STATUS,
    forgetKey: async () => STATUS,
    retryNow: async () => STATUS,
    requestUsage: () => USAGE,
  };
}

const USAGE: RequestUsage = {
  origin: '',
  lastMinute: 1,
  today: 2,
  last30Days: 3,
  rateLimitedToday: 0,
  rateLimited30Days: 1,
  waitedMs30Days: 2000,
  stated: [],
  statedAt: null,
  problem: null,
};

/**
 * A body of up to `maxChunks` KiB chunks, produced only as it is pulled, counting the pulls. Bounded, so a
 * reader that never stops ends the test instead of hanging it.
 */
function countingBody(first: string, maxChunks: number): { stream: ReadableStream<Uint8Array>; pulls: () => number } {
  let pulls = 0;
  const head = new TextEncoder().encode(first);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls += 1;
      if (pulls === 1) controller.enqueue(head);
      else if (pulls > maxChunks) controller.close();
      else controller.enqueue(new Uint8Array(CHUNK).fill(0x20)); // JSON whitespace: valid padding
    },
  });
  return { stream, pulls: () => pulls };
}

function streamed(path: string, body: ReadableStream<Uint8Array>): Request {
  // No content-length: the size is only known by reading, as with a chunked upload.
  return new Request(`http://127.0.0.1:5180${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
}

describe('control routes: request body cap', () => {
  it.each(['/app/connect', '/app/demo', '/app/forget', '/app/open-external'])(
    '%s: a streamed body over the cap gets 413, and reading stops soon after the cap',
    async (path) => {
      const t = target();
      const body = countingBody('{"baseUrl":"","apiKey":"k"', 200 * 1024); // up to 200 MiB if read to the end
      const res = await createControlHandler(t).handle(streamed(path, body.stream));
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: { code: 'TOO_LARGE', message: 'The request body is too large.' } });
      // 64 chunks fill the cap; allow a few more for the stream's read-ahead, nowhere near the 200 MiB.
      expect(body.pulls()).toBeGreaterThan(CAP / CHUNK);
      expect(body.pulls()).toBeLessThan(CAP / CHUNK + 8);
      expect(t.connect).not.toHaveBeenCalled();
    },
  );

  it('a streamed body under the cap is read whole and used', async () => {
    const t = target();
    const chunks = 20; // 20 KiB of padding, then the end of the object
    let pulled = 0;
    const parts = [
      '{"baseUrl":"https://api.example.com","apiKey":"k"',
      ...Array.from({ length: chunks }, () => ' '.repeat(CHUNK)),
      '}',
    ];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts[pulled++];
        if (part === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(part));
      },
    });
    const res = await createControlHandler(t).handle(streamed('/app/connect', stream));
    expect(res.status).toBe(200);
    expect(t.connect).toHaveBeenCalledWith({
      baseUrl: 'https://api.example.com',
      apiKey: 'k',
      acceptWeakStorage: false,
    });
  });

  it('a declared content-length over the cap is refused before any reading', async () => {
    const t = target();
    const body = countingBody('{', 200);
    const request = new Request('http://127.0.0.1:5180/app/connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(CAP + 1) },
      body: body.stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect((await createControlHandler(t).handle(request)).status).toBe(413);
    expect(body.pulls()).toBeLessThanOrEqual(1);
  });

  it('a body that is not UTF-8 JSON is a 400, an empty one is {}', async () => {
    const t = target();
    const handler = createControlHandler(t);
    const bad = new Request('http://127.0.0.1:5180/app/demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    expect((await handler.handle(bad)).status).toBe(400);
    const empty = new Request('http://127.0.0.1:5180/app/demo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect((await handler.handle(empty)).status).toBe(200);
  });
});

describe('control routes: request usage', () => {
  it('GET /app/request-usage answers the request counts as JSON; POST is not allowed', async () => {
    const handler = createControlHandler(target());
    const res = await handler.handle(new Request('http://127.0.0.1:5180/app/request-usage'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(USAGE);
    const post = await handler.handle(
      new Request('http://127.0.0.1:5180/app/request-usage', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(post.status).toBe(405);
  });
});

import { describe, expect, it } from 'vitest';
import { readCapped } from './read-capped';

/** A body of `chunks` chunks of 1 KiB, counting how many were pulled. */
function counted(chunks: number) {
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      pulls += 1;
      if (pulls > chunks) c.close();
      else c.enqueue(new Uint8Array(1024).fill(120));
    },
  });
  return { stream, pulls: () => pulls };
}

describe('readCapped', () => {
  it('reads a body under the cap whole, and no body as empty', async () => {
    const body = counted(3);
    const got = await readCapped(new Response(body.stream), 4096);
    expect(got?.byteLength).toBe(3072);
    expect(await readCapped(new Response(null), 10)).toEqual(new Uint8Array(0));
  });

  it('refuses a declared Content-Length over the cap before reading anything', async () => {
    const body = counted(1000);
    const res = new Response(body.stream, { headers: { 'content-length': String(1000 * 1024) } });
    expect(await readCapped(res, 4096)).toBeNull();
    // The stream's own read-ahead may take one; reading would have taken five.
    expect(body.pulls()).toBeLessThanOrEqual(1);
  });

  it('stops a body without a Content-Length soon after it passes the cap', async () => {
    const body = counted(1000);
    const req = new Request('http://127.0.0.1/x', { method: 'POST', body: body.stream, duplex: 'half' } as RequestInit);
    expect(await readCapped(req, 4096)).toBeNull();
    expect(body.pulls()).toBeGreaterThan(4);
    expect(body.pulls()).toBeLessThan(10);
  });
});

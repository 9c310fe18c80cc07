/**
 * --admin endpoints check the Host header as well as the peer: a page whose name was rebound to 127.0.0.1
 * (DNS rebinding) connects from loopback, but still says `Host: evil.example`. Real HTTP on 127.0.0.1.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../src/index';
import type { RunningService } from '../src/server/start';
import { raw } from './helpers/http';
import { FIXED_NOW } from './helpers/service';

let svc: RunningService;
beforeAll(async () => {
  // No market needed: admin routes never touch it, and it is only built on first use.
  svc = await startService({ quiet: true, clock: () => FIXED_NOW, admin: true });
});
afterAll(async () => {
  await svc.close();
});

const JSON_HEADERS = { 'content-type': 'application/json' };

async function admin(route: string, host: string, body?: unknown) {
  const r = await raw(svc.url, `/__admin/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...JSON_HEADERS, host },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if ('error' in r) throw new Error(r.error);
  return { status: r.status, json: JSON.parse(r.text) as Record<string, unknown> };
}

/** The fault settings and clock, asked the legitimate way. */
async function state() {
  const own = `127.0.0.1:${svc.port}`;
  return { faults: (await admin('faults', own)).json, clock: (await admin('clock', own)).json };
}

describe('admin endpoints: Host check', () => {
  it.each([
    'evil.example',
    'evil.example:PORT', // PORT: the service's own port, known only once it listens
    'attacker.test:80',
    '127.0.0.1',
    '127.0.0.1:1',
    'localhost',
    '127.0.0.2',
    '[::1]',
    '0.0.0.0',
  ])('Host %s: 403, and neither faults nor the clock change', async (pattern) => {
    const host = pattern.replace('PORT', String(svc.port));
    const before = await state();
    const faults = await admin('faults', host, { errorRate: 1 });
    expect(faults.status).toBe(403);
    expect(faults.json).toEqual({
      error: { code: 'FORBIDDEN', message: expect.stringMatching(/127\.0\.0\.1, localhost or \[::1\]/) },
    });
    expect((await admin('clock', host, { advanceMs: 3_600_000 })).status).toBe(403);
    expect((await admin('faults', host)).status).toBe(403);
    expect(await state()).toEqual(before);
    expect(before.faults).toMatchObject({ errorRate: 0 });
    expect(before.clock).toEqual({ nowMs: FIXED_NOW, offsetMs: 0 });
  });

  it('a wrong port on a loopback name is refused too (another local service forwarding to us)', async () => {
    for (const name of ['127.0.0.1', 'localhost', '[::1]']) {
      expect((await admin('faults', `${name}:${svc.port + 1}`)).status).toBe(403);
    }
  });

  it.each(['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]'])('Host %s:<port> is accepted', async (name) => {
    const r = await admin('faults', `${name}:${svc.port}`, { latencyMs: 0 });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ errorRate: 0 });
  });

  it('no Host header at all (HTTP/1.0) is refused', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(svc.port, '127.0.0.1', () => socket.end('GET /__admin/faults HTTP/1.0\r\n\r\n'));
      const parts: Buffer[] = [];
      socket.setTimeout(5_000, () => socket.destroy(new Error('timed out')));
      socket.on('data', (c: Buffer) => parts.push(c));
      socket.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.[01] 403 /);
  });
});

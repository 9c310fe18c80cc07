/**
 * A market data service on 127.0.0.1 for tests that need real HTTP under the real broker: it mints tokens
 * for any key (FakeUpstream's JWT-shaped ones) and hands every other request, with its body read, to
 * `onApi`. close() ends open connections too.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeUpstream } from './fake-upstream';

export interface HttpUpstream {
  readonly baseUrl: string;
  readonly fake: FakeUpstream;
  close(): Promise<void>;
}

export async function startHttpUpstream(
  onApi: (body: string, res: ServerResponse, token: string | undefined) => void | Promise<void>,
): Promise<HttpUpstream> {
  const fake = new FakeUpstream();
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      if (body.includes('createSubscriptionToken')) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: { createSubscriptionToken: fake.issue() } }));
        return;
      }
      const token = req.headers['api-token'];
      void onApi(body, res, typeof token === 'string' ? token : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    fake,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

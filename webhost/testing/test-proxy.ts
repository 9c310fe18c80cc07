/**
 * A tiny HTTP proxy on 127.0.0.1 for tests: CONNECT tunnels (what an https:// request through HTTPS_PROXY
 * uses) and plain forwarding of absolute-URI requests, each sent to where route() says whatever host was
 * asked for (made-up names need no DNS). It records what passed through, and the local ports of the
 * connections it made, so a server can tell a proxied request from a direct one.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TestProxy {
  readonly url: string;
  /** "CONNECT host:port" or "GET http://host/path", in order. */
  readonly seen: string[];
  /** Local ports of the proxy's own connections to the upstream. */
  readonly outgoingPorts: Set<number>;
  close(): Promise<void>;
}

export async function startTestProxy(route: (hostPort: string) => { host: string; port: number }): Promise<TestProxy> {
  const seen: string[] = [];
  const outgoingPorts = new Set<number>();
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const to = route(target.host);
    const out = httpRequest(
      { host: to.host, port: to.port, method: req.method, path: target.pathname + target.search, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('socket', (s) => s.once('connect', () => outgoingPorts.add(s.localPort ?? 0)));
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connection', track);
  server.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    const to = route(req.url ?? '');
    const upstream = connect(to.port, to.host, () => {
      outgoingPorts.add(upstream.localPort ?? 0);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    const end = (): void => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    upstream.on('close', end);
    client.on('error', end);
    client.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    outgoingPorts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

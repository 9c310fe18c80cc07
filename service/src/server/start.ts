/**
 * Runs the service handler in its own node:http server on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FaultConfig } from './faults';
import { createServiceHandler, type ServiceOptions } from './handler';

export interface RunningService {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:8787 (paths start with /api/v2). */
  url: string;
  port: number;
  demoKey: string;
  setFaults(patch: Partial<FaultConfig>): FaultConfig;
  /** Moves the service clock forward (ms); returns the new service time. */
  advanceClock(ms: number): number;
  /** The service clock (ms). */
  now(): number;
  close(): Promise<void>;
}

/** How long an idle kept-alive connection stays open. */
export const KEEP_ALIVE_MS = 30 * 60_000;

export async function startHttpService(opts: ServiceOptions = {}): Promise<RunningService> {
  const handler = createServiceHandler(opts);
  // Idle kept-alive sockets stay open far longer than any client keeps them (undici caps its idle time at
  // 600 s): with Node's 5 s a client that reuses a socket just as the server closes it gets ECONNRESET, a
  // race seen under load (nodejs/undici#3141, nodejs/node#52649). close() ends them all.
  const server: Server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, handler);
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    demoKey: handler.demoKey,
    setFaults: handler.setFaults,
    advanceClock: handler.advanceClock,
    now: handler.now,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

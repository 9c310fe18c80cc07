/**
 * The web host listens on loopback, but any page the user has open can still send requests to 127.0.0.1.
 * This guard keeps them out: Host must be our own (127.0.0.1:PORT or localhost:PORT), which defeats DNS
 * rebinding (evil.example resolving to 127.0.0.1); Origin, when sent, must be our own, which defeats cross-site
 * POSTs (CSRF) and cross-origin fetches; for the API and control endpoints, Sec-Fetch-Site (when sent) must be
 * same-origin or none, which also stops cross-site no-cors GETs such as <img src=".../app/status">.
 */
export type GuardResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

function ownHosts(port: number): readonly string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function checkRequestOrigin(
  headers: { get(name: string): string | null },
  port: number,
  options: { readonly sensitive: boolean },
): GuardResult {
  const hosts = ownHosts(port);
  const host = headers.get('host')?.toLowerCase() ?? '';
  if (!hosts.includes(host)) return { ok: false, reason: 'unexpected Host' };
  const origin = headers.get('origin');
  if (origin !== null && !hosts.some((h) => origin.toLowerCase() === `http://${h}`)) {
    return { ok: false, reason: 'cross-origin request' };
  }
  if (options.sensitive) {
    const site = headers.get('sec-fetch-site');
    if (site !== null && site !== 'same-origin' && site !== 'none') return { ok: false, reason: 'cross-site request' };
  }
  return { ok: true };
}

/**
 * Headers on every response the app serves (Electron's app:// protocol and the web host alike). The CSP allows
 * only the app's own files and same-origin API: no inline or remote script, no eval, workers from self (or blob:),
 * no plugins, no framing, no form posts away. Styles from files only: React sets `style` props through the CSSOM,
 * which CSP does not restrict, so rows and charts need no 'unsafe-inline' (<style> tags and style="" are refused).
 */

// Sent as a response header on every app:// response (withSecurityHeaders, below). The Electron scan's
// justification for its CSP check sits where Electron applies it: electron/main/app-protocol.ts.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=()',
};

/** The same response with the security headers set (a new Response: the body stream is reused, not read). */
export function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

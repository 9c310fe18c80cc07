/**
 * Security handlers for every web contents and the session, written against the few Electron members they
 * use so tests can drive them with fakes: navigation and redirects away from the app denied, new windows
 * denied (https links go to the system browser), <webview> denied, every permission request denied.
 */
import { isSafeExternalUrl } from '../../backend/external-url';
import { isAppUrl } from '../common/ipc-channels';

export interface PreventableEvent {
  preventDefault(): void;
}

export interface ShellLike {
  openExternal(url: string): Promise<void>;
}

export interface WebContentsLike {
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details?: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (webContents: unknown, permission: string, requestingOrigin?: string) => boolean,
  ): void;
}

/**
 * The profile folder MARKET_DESK_USER_DATA asks for, or null. Development builds only (tests, e2e): in an
 * installed app an environment variable must not move the settings, and with them the stored key, to a
 * folder someone else chose.
 */
export function userDataOverride(
  env: Readonly<Record<string, string | undefined>>,
  isPackaged: boolean,
): string | null {
  const value = env.MARKET_DESK_USER_DATA;
  return !isPackaged && value ? value : null;
}

/**
 * The page never navigates: it is a single-page app on app://market-desk. Anything else (a stray link, an
 * injected location change) is stopped; a reload of the app itself is harmless and allowed. The one rule
 * for both a navigation and a redirect of one, so they can't drift apart.
 */
export function isAllowedNavigation(url: string): boolean {
  return isAppUrl(url);
}

export function onWillNavigate(event: PreventableEvent, url: string): void {
  if (!isAllowedNavigation(url)) event.preventDefault();
}

/** A navigation that started inside the app (so will-navigate allowed it) must not be redirected out. */
export function onWillRedirect(event: PreventableEvent, url: string): void {
  if (!isAllowedNavigation(url)) event.preventDefault();
}

/**
 * The one place the app hands a URL to the OS (links, window.open, the bridge's openExternal): https only,
 * anything else is dropped. shell.openExternal is called synchronously for a safe URL.
 */
export async function openExternalSafely(shell: ShellLike, url: unknown): Promise<void> {
  if (!isSafeExternalUrl(url)) return;
  // eng-disable OPEN_EXTERNAL_JS_CHECK — plain https URLs only (no credentials, at most 2048 chars): isSafeExternalUrl above
  await shell.openExternal(url);
}

/** window.open / target=_blank: never a new Electron window; https links open in the system browser. */
export function createWindowOpenHandler(shell: ShellLike): (details: { url: string }) => { action: 'deny' } {
  return ({ url }) => {
    void openExternalSafely(shell, url).catch(() => undefined);
    return { action: 'deny' };
  };
}

export function hardenWebContents(contents: WebContentsLike, shell: ShellLike): void {
  contents.on('will-navigate', onWillNavigate);
  contents.on('will-redirect', onWillRedirect);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(createWindowOpenHandler(shell));
}

/**
 * The app needs no camera, notifications, clipboard-read, USB…: every request and check says no, except
 * writing to the clipboard from the app's own pages (the grid's "copy cell / row").
 */
const ALLOWED_FOR_APP = new Set(['clipboard-sanitized-write']);

function allowed(permission: string, url: string | undefined): boolean {
  return ALLOWED_FOR_APP.has(permission) && typeof url === 'string' && isAppUrl(url);
}

export function hardenSession(session: SessionLike): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowed(permission, details?.requestingUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, origin) => allowed(permission, origin));
}

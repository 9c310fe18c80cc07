/**
 * The pages, kept in the URL hash (#/prices, #/analytics?item=…, #/settings) so a reload stays put in both
 * hosts. A page's own parameters follow a `?` (routeParams).
 *
 * The page names come from the page registry (shell/pages.ts calls defineRoutes once, when it loads), so a
 * new page is one registry entry; an unknown or empty hash means the first page.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** A page's name in the hash: a PageDescriptor's `route`. */
export type Route = string;

let routes: readonly Route[] = [];

/** The known pages, the first being where an unknown address lands. */
export function defineRoutes(names: readonly Route[]): void {
  routes = names;
}

export function parseRoute(hash: string): Route {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return routes.includes(name) ? name : (routes[0] ?? name);
}

/** The `?a=b` part of the hash (#/analytics?item=AK-47…). */
function routeParams(hash: string): URLSearchParams {
  const q = hash.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : hash.slice(q + 1));
}

/** The hash of a page with parameters, for links (href) and navigation. */
export function routeHref(route: Route, params: Record<string, string> | URLSearchParams = {}): string {
  const query = new URLSearchParams(params).toString();
  return `#/${route}${query ? `?${query}` : ''}`;
}

/** The current page's parameters, re-read when the hash changes. */
export function useRouteParams(): URLSearchParams {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  return routeParams(hash);
}

// Subscribers are also told at once when the app itself navigates: 'hashchange' comes a task later, and a
// controlled input (a checkbox bound to the hash) would show its old state until then.
const listeners = new Set<() => void>();

/** Calls `listener` when the hash changes: at once for the app's own navigation, else on 'hashchange'. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('hashchange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('hashchange', listener);
  };
}

export function navigate(route: Route, params?: Record<string, string> | URLSearchParams): void {
  // Going to a page by name keeps its parameters when already there (the shortcut to Analytics keeps the item).
  if (!params && parseRoute(window.location.hash) === route) return;
  const target = routeHref(route, params);
  if (window.location.hash === target) return;
  window.location.hash = target;
  for (const l of [...listeners]) l();
}

export function useRoute(): [Route, (route: Route) => void] {
  const route = useSyncExternalStore(
    subscribe,
    () => parseRoute(window.location.hash),
    () => parseRoute(''),
  );
  const go = useCallback((r: Route) => navigate(r), []);
  return [route, go];
}

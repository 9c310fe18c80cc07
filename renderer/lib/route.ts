/**
 * The pages, kept in the URL hash (#/prices, #/analytics?item=…, #/settings) so a reload stays put in both
 * hosts. A page's own parameters follow a `?` (routeParams).
 */
import { useCallback, useSyncExternalStore } from 'react';

export const ROUTES = ['prices', 'analytics', 'recommendations', 'alerts', 'settings'] as const;
export type Route = (typeof ROUTES)[number];

export function parseRoute(hash: string): Route {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return (ROUTES as readonly string[]).includes(name) ? (name as Route) : 'prices';
}

/** The `?a=b` part of the hash (#/analytics?item=AK-47…). */
export function routeParams(hash: string): URLSearchParams {
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
  const hash = useSyncExternalStore(subscribe, () => window.location.hash, () => '');
  return routeParams(hash);
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

export function navigate(route: Route, params?: Record<string, string> | URLSearchParams): void {
  // Going to a page by name keeps its parameters when already there (the shortcut to Analytics keeps the item).
  if (!params && parseRoute(window.location.hash) === route) return;
  const target = routeHref(route, params);
  if (window.location.hash !== target) window.location.hash = target;
}

export function useRoute(): [Route, (route: Route) => void] {
  const route = useSyncExternalStore(subscribe, () => parseRoute(window.location.hash), () => 'prices' as Route);
  const go = useCallback((r: Route) => navigate(r), []);
  return [route, go];
}

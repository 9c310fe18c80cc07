/** Two pages, kept in the URL hash (#/prices, #/settings) so a reload stays put in both hosts. */
import { useCallback, useSyncExternalStore } from 'react';

export const ROUTES = ['prices', 'settings'] as const;
export type Route = (typeof ROUTES)[number];

export function parseRoute(hash: string): Route {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return (ROUTES as readonly string[]).includes(name) ? (name as Route) : 'prices';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

export function navigate(route: Route): void {
  const target = `#/${route}`;
  if (window.location.hash !== target) window.location.hash = target;
}

export function useRoute(): [Route, (route: Route) => void] {
  const route = useSyncExternalStore(subscribe, () => parseRoute(window.location.hash), () => 'prices' as Route);
  const go = useCallback((r: Route) => navigate(r), []);
  return [route, go];
}

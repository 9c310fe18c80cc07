/** The command palette opens an item with #/prices?item=<name>: open it, then drop the parameter. */
import { useEffect } from 'react';
import { parseRoute, routeHref, useRouteParams } from '../../lib/route';

export function useItemParam(open: (name: string) => void): void {
  const itemParam = useRouteParams().get('item');
  useEffect(() => {
    // Only this page's own parameter: on the way to another page (#/analytics?item=…) the hash changes first.
    if (itemParam === null || parseRoute(window.location.hash) !== 'prices') return;
    open(itemParam);
    window.history.replaceState(null, '', routeHref('prices'));
  }, [itemParam, open]);
}

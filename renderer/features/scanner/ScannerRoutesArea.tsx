/** The Scanner page's main area: the ranked routes, or why there are none yet (an error, loading, none passing). */
import { RoutesTable } from './RoutesTable';
import type { ScannerView } from './useScannerView';

export function ScannerRoutesArea({ view }: { view: ScannerView }) {
  const { prices, snap, live, result, loading, routes, markets, sort, setSort, money, plan, details } = view;
  if (prices.error && !snap) {
    return (
      <p className="sc-state sc-state--error" role="alert" data-testid="scanner-error">
        Prices could not be loaded: {prices.error.message}{' '}
        <button type="button" onClick={() => void prices.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  if (live.error) {
    return (
      <p className="sc-state sc-state--error" role="alert" data-testid="scanner-error">
        The rule could not be run: {live.error}
      </p>
    );
  }
  if (loading || !result) {
    return (
      <p className="sc-state" role="status" data-testid="scanner-loading">
        {loading ? 'Loading prices…' : 'Finding routes…'}
      </p>
    );
  }
  if (routes.length === 0) {
    return (
      <p className="sc-state" role="status" data-testid="scanner-empty">
        No route passes this rule on this poll ({snap?.n ?? 0} items, {markets.length} markets). Lower a limit or allow
        more markets.
      </p>
    );
  }
  return (
    <RoutesTable
      routes={routes}
      sort={sort}
      onSort={setSort}
      money={money}
      nameOf={plan.nameOf}
      onOpen={details.open}
      busy={live.scanning}
    />
  );
}

/** The Scanner page's status line: routes found, the poll's and the scan's time, limits not applied, its actions. */
import { RouteExportButton } from './RouteExportButton';
import type { ScannerView } from './useScannerView';

export function ScannerStatus({ view, game }: { view: ScannerView; game: number }) {
  const { result, message, prices, draft, routes, money, plan, setMessage } = view;
  return (
    <div className="sc-status" role="status">
      {result ? (
        <span data-testid="scanner-count" data-poll-at={result.at}>
          {result.routes.length} route{result.routes.length === 1 ? '' : 's'} · poll of{' '}
          {new Date(result.at).toLocaleTimeString()} · scanned in {Math.round(result.ms)} ms
        </span>
      ) : null}
      {result && result.notApplied.length ? (
        <span className="sc-status__note"> · not applied: {result.notApplied.join('; ')}</span>
      ) : null}
      {message ? <span className="sc-status__note"> · {message}</span> : null}
      <button type="button" className="sc-refresh" onClick={() => void prices.refetch()} disabled={prices.fetching}>
        Refresh prices
      </button>
      <RouteExportButton
        game={game}
        rule={draft}
        routes={routes}
        pollAt={result?.at ?? null}
        money={money}
        nameOf={plan.nameOf}
        setMessage={setMessage}
      />
    </div>
  );
}

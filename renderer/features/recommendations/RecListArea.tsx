/**
 * The list's place on the page, in each state: the game has no recommendations, the connection is down
 * with no list yet, the list loading (its empty frame laid out, a hidden warm-up render, the download's
 * progress over it), or the list with, when no row is left, why and the way out.
 */
import type { ConnectionStatus } from '../../../shared/api/status';
import { gameName } from '../../../shared/catalog/games';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import type { RecFilter } from '../../market/recommendations/view';
import type { ProgressStore } from '../../market/offline/useLiveData';
import { LoadingBlock, WaitingBlock } from '../../ui/StatusParts';
import { EmptyState } from '../../ui/EmptyState';
import { RecList, type RecListProps } from './RecList';
import { RecListWarmUp } from './RecListWarmUp';
import { RecNoMatch } from './RecNoMatch';

const NO_ROWS = new Int32Array(0);

export interface RecListAreaProps extends Pick<
  RecListProps,
  | 'view'
  | 'join'
  | 'snap'
  | 'netDerived'
  | 'net'
  | 'pricesLoading'
  | 'sort'
  | 'onSort'
  | 'money'
  | 'nameOf'
  | 'openItem'
  | 'onOpen'
  | 'onAnalytics'
> {
  game: number;
  supported: boolean;
  /** No list yet and the connection is down: its status. */
  waiting: ConnectionStatus | null;
  /** The list shown (null: none yet), and the empty one whose frame shows while it loads. */
  recs: RecColumns | null;
  empty: RecColumns;
  /** The load failed (the banner above says why): no loading block. */
  failed: boolean;
  progress: ProgressStore;
  filter: RecFilter;
  setFilter(f: RecFilter): void;
}

export function RecListArea(p: RecListAreaProps) {
  const { game, filter } = p;
  const label = `${gameName(game)} price recommendations`;
  const dealSide = filter.deal?.side ?? null;
  if (!p.supported) {
    return (
      <EmptyState title={`No recommendations for ${gameName(game)}`}>
        <p className="empty-state__text">The service suggests prices for CS2, TF2, Dota 2 and Rust.</p>
      </EmptyState>
    );
  }
  if (p.waiting)
    return <WaitingBlock what={`${gameName(game)} recommendations`} status={p.waiting} testId="recs-waiting" />;
  if (!p.recs) {
    if (p.failed) return null;
    // The list's frame (header, scroller) is laid out while the list loads, so the list's first paint
    // adds only its rows.
    return (
      <>
        <RecList
          recs={p.empty}
          view={NO_ROWS}
          join={null}
          snap={null}
          netDerived={null}
          net={p.net}
          pricesLoading
          sort={p.sort}
          onSort={p.onSort}
          money={p.money}
          nameOf={p.nameOf}
          openItem={null}
          onOpen={p.onOpen}
          onAnalytics={p.onAnalytics}
          dealSide={dealSide}
          label={label}
          busy
        />
        <RecListWarmUp money={p.money} nameOf={p.nameOf} net={p.net} />
        <LoadingBlock
          title={`Loading ${gameName(game)} recommendations…`}
          text="Every item's suggested price comes in one response; it is read off-screen."
          store={p.progress}
          busy
          overlay
          what="recommendations"
          testId="recs-loading"
        />
      </>
    );
  }
  return (
    <>
      <RecList
        recs={p.recs}
        view={p.view}
        join={p.join}
        snap={p.snap}
        netDerived={p.netDerived}
        net={p.net}
        pricesLoading={p.pricesLoading}
        sort={p.sort}
        onSort={p.onSort}
        money={p.money}
        nameOf={p.nameOf}
        openItem={p.openItem}
        onOpen={p.onOpen}
        onAnalytics={p.onAnalytics}
        dealSide={dealSide}
        label={label}
      />
      {p.view.length === 0 ? <RecNoMatch filter={filter} setFilter={p.setFilter} pricesJoined={!!p.join} /> : null}
    </>
  );
}

/** The thin bar at the bottom: where data comes from, where the key lives, since when. */
import { useConnection } from '../platform/connection';
import { useDataSource } from '../market/providers';
import { keyStorageView, STATE_VIEW } from '../ui/status-view';
import { LocalDataProblems } from './LocalDataProblems';
import { useRequestPlan } from '../market/request-plan';
import { useSelectedGame } from '../lib/preferences';
import { useStalledMarkets } from '../market/stalled-markets';
import { marketInfo } from '../../shared/catalog/markets';
import { stallSentence, stallShort } from '../ui/trust/trust-text';
import { Icon } from '../ui/Icon';
import { RateNote } from './RateNote';

function describeSource(baseUrl: string): string {
  if (!baseUrl) return 'Built-in reference service (your key)';
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A time of day for ms-since-epoch, or null when the number is no real time (never throws). */
function timeOfDay(ms: number): { text: string; iso: string } | null {
  const d = new Date(ms);
  if (!Number.isFinite(d.getTime())) return null;
  return { text: timeFormat.format(d), iso: d.toISOString() };
}

export function StatusBar() {
  const { status, problem, api } = useConnection();
  const { sourceKey } = useDataSource();
  const source =
    sourceKey === null
      ? 'none yet'
      : sourceKey === 'demo'
        ? 'Demo (built-in reference service)'
        : describeSource(sourceKey.slice('live|'.length));
  return (
    <footer className="statusbar" data-testid="status-bar">
      {status ? (
        <>
          <span className="statusbar__item" data-tone={STATE_VIEW[status.state].tone}>
            <span className="statusbar__dot" aria-hidden="true" />
            {STATE_VIEW[status.state].label}
          </span>
          <span className="statusbar__item">Source: {source}</span>
          <span className="statusbar__item">{keyStorageView(status, api.host).short}</span>
          <span className="statusbar__spacer" />
          <PlanNote />
          <StalledNote />
          <RateNote />
          <Since ms={status.since} />
        </>
      ) : (
        <span className="statusbar__item">
          {problem ? 'Connection status unknown' : 'Reading the connection status…'}
        </span>
      )}
      <LocalDataProblems />
      <span className="statusbar__item statusbar__host">{api.host === 'electron' ? 'Desktop' : 'Web host'}</span>
    </footer>
  );
}

/** Why prices refresh less often than the user asked (a request limit), when they do. */
function PlanNote() {
  const plan = useRequestPlan();
  if (!plan.sentence) return null;
  return (
    <span className="statusbar__item" data-testid="request-plan" data-tone="warn" title={plan.sentence}>
      {plan.sentence}
    </span>
  );
}

/** Markets of the selected game whose feed looks stalled (their quotes are left out of the bests by default). */
function StalledNote() {
  const [game] = useSelectedGame();
  const stalls = useStalledMarkets(game);
  if (stalls.length === 0) return null;
  const now = Date.now();
  const name = (slug: string) => marketInfo(slug)?.name ?? slug;
  const first = stalls[0]!;
  const text =
    stalls.length === 1
      ? `${name(first.market)} ${stallShort(first, now)}`
      : `${stalls.length} markets stalled (${stalls.map((s) => name(s.market)).join(', ')})`;
  return (
    <span
      className="statusbar__item"
      data-testid="status-stalled"
      data-tone="warn"
      title={stalls.map((s) => stallSentence(s, name(s.market), now)).join('\n')}
    >
      <Icon name="warn" /> {text}
    </span>
  );
}

function Since({ ms }: { ms: number }) {
  const t = timeOfDay(ms);
  if (!t) return null;
  return (
    <span className="statusbar__item">
      Since <time dateTime={t.iso}>{t.text}</time>
    </span>
  );
}

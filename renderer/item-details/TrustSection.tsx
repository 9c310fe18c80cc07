/**
 * The detail panel's "How far to trust these prices": the row's confidence with its reasons, the stalled
 * markets of this game with since when, and the bests' provenance. Words from ui/trust (the grid's own).
 */
import type { Snapshot } from '../market/model/snapshot';
import type { Confidence } from '../market/trust/types';
import { LEVEL_DOTS, LEVEL_WORD } from '../ui/trust/row-confidence';
import { stallSentence } from '../ui/trust/trust-text';

export function TrustSection({ snap, confidence, nameOf, now, children }: { snap: Snapshot; confidence: Confidence | null; nameOf(slug: string): string; now: number; children?: React.ReactNode }) {
  const trust = snap.trust;
  return (
    <section className="dp__section" aria-labelledby="dp-trust" data-testid="detail-trust">
      <h3 id="dp-trust" className="dp__h3">
        How far to trust these prices
      </h3>
      {confidence ? (
        <>
          <p className={`dp__conf conf-${confidence.level}`} data-testid="detail-confidence" data-level={confidence.level}>
            <span aria-hidden="true">{LEVEL_DOTS[confidence.level]}</span> Confidence: <strong>{LEVEL_WORD[confidence.level]}</strong>
            {confidence.reasons.length === 0 ? ' (no warning)' : null}
          </p>
          {confidence.reasons.length > 0 ? (
            <ul className="dp__reasons" aria-label="Why">
              {confidence.reasons.map((r, i) => (
                <li key={`${i}:${r.code}`} data-code={r.code}>
                  {r.text}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="dp__muted">Confidence is judged from Market Desk's own polls: it shows after the first ones.</p>
      )}
      {children}
      {trust && trust.stalls.length > 0 ? (
        <ul className="dp__stalls" aria-label="Stalled markets" data-testid="detail-stalls">
          {trust.stalls.map((s) => (
            <li key={`${s.side}:${s.market}`}>{stallSentence(s, nameOf(s.market), now)}</li>
          ))}
        </ul>
      ) : null}
      {trust?.storeProblem ? (
        <p className="dp__muted" role="status">
          {trust.storeProblem}
        </p>
      ) : null}
      {trust ? (
        <p className="dp__muted dp__small">
          Ages are as observed by Market Desk's own polls ({trust.polls.toLocaleString('en-US')} so far); the service gives no timestamps.
        </p>
      ) : null}
    </section>
  );
}

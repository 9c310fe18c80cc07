/**
 * The live scan, as the scanner's worker runs it on each poll: the snapshot's cells the rule reads (sent
 * without the grid's search and sort columns), the rule, the fees; the routes ranked, with their persistence
 * from a RouteTracker kept per rule and game across polls. The same poll given twice (a re-render posts it
 * again) is not counted twice: a poll is its time (the answer's readyAt).
 */
import { emptyNotes, toSnapshot, type SnapshotData } from '../model/snapshot';
import type { FeeTable } from '../model/price-arithmetic';
import { RouteTracker, scanSnapshot, scanSnapshotRules, type ScanResult } from './scan';
import { ruleProblems, type ScanRule } from './rules';
import { RouteAlerts, type RouteFiring } from './route-alerts';

/** What a scan reads of a poll's answer. */
export type ScanSnapshotData = Pick<
  SnapshotData,
  | 'game'
  | 'askMarkets'
  | 'bidMarkets'
  | 'n'
  | 'names'
  | 'ask'
  | 'locked'
  | 'offers'
  | 'listed'
  | 'bid'
  | 'bidOffers'
  | 'bidListed'
  | 'overflow'
  | 'trust'
>;

export interface LiveScanRequest {
  data: ScanSnapshotData;
  /** The poll's time (ms since epoch): persistence counts polls by it. */
  at: number;
  rule: ScanRule;
  fees: FeeTable;
  unknownFees: { buy: string[]; sell: string[] };
}

export interface LiveScanResult extends ScanResult {
  at: number;
  ruleId: string;
  /** The scan's own time in the worker (ms). */
  ms: number;
}

/** The part of a snapshot a scan reads, to post to the worker (typed arrays copied, the grid keeps its own). */
export function scanDataOf(s: SnapshotData): ScanSnapshotData {
  const {
    game,
    askMarkets,
    bidMarkets,
    n,
    names,
    ask,
    locked,
    offers,
    listed,
    bid,
    bidOffers,
    bidListed,
    overflow,
    trust,
  } = s;
  return {
    game,
    askMarkets,
    bidMarkets,
    n,
    names,
    ask,
    locked,
    offers,
    listed,
    bid,
    bidOffers,
    bidListed,
    overflow,
    ...(trust ? { trust } : {}),
  };
}

function asSnapshot(d: ScanSnapshotData) {
  const meta = { transport: 'graphql' as const, bytes: 0, bytesDoneAt: 0, parseMs: 0, shapeMs: 0, readyAt: 0 };
  const none = new Int32Array(0);
  return toSnapshot({
    ...d,
    search: [],
    flags: new Uint32Array(0),
    nameRank: none,
    byName: none,
    notes: emptyNotes(),
    meta,
  });
}

/** Scans polls as they come, one tracker per rule (its whole settings) and game. */
export class LiveScanner {
  private trackers = new Map<string, { tracker: RouteTracker; lastAt: number; last: LiveScanResult | null }>();

  scan(req: LiveScanRequest, now: () => number = () => performance.now()): LiveScanResult {
    const problems = ruleProblems(req.rule);
    if (problems.length) throw new Error(problems.join(' '));
    const key = `${req.data.game}\u0000${JSON.stringify(req.rule)}`;
    let t = this.trackers.get(key);
    if (t && t.lastAt === req.at && t.last) return t.last;
    if (!t) {
      // One rule's tracker at a time per game: a changed rule starts its persistence again.
      for (const k of this.trackers.keys()) if (k.startsWith(`${req.data.game}\u0000`)) this.trackers.delete(k);
      t = { tracker: new RouteTracker(), lastAt: NaN, last: null };
      this.trackers.set(key, t);
    }
    const t0 = now();
    const res = scanSnapshot({
      snap: asSnapshot(req.data),
      rule: req.rule,
      fees: req.fees,
      unknownFees: { buy: new Set(req.unknownFees.buy), sell: new Set(req.unknownFees.sell) },
    });
    // Older polls arriving late do not move persistence backwards.
    if (!(req.at < t.lastAt)) t.tracker.update(res.routes, req.at);
    const out: LiveScanResult = { ...res, at: req.at, ruleId: req.rule.id, ms: now() - t0 };
    t.lastAt = req.at;
    t.last = out;
    return out;
  }
}

/** A poll for the saved rules that alert (all of them, in one pass over the items). */
export interface RuleAlertRequest {
  data: ScanSnapshotData;
  at: number;
  rules: ScanRule[];
  fees: FeeTable;
  unknownFees: { buy: string[]; sell: string[] };
}

/**
 * The saved rules that alert, on every poll of a game whether the Scanner page is open or not: each rule's
 * own persistence (RouteTracker) and firings (RouteAlerts), kept per game and rule; a rule edited starts
 * again. A rule without an alert, or with problems, is skipped. Polls older than the last are ignored.
 */
export class RuleAlertScanner {
  private states = new Map<string, { tracker: RouteTracker; alerts: RouteAlerts; lastAt: number }>();

  scan(req: RuleAlertRequest): RouteFiring[] {
    const game = `${req.data.game}\u0000`;
    const live = new Map<string, ScanRule>();
    for (const rule of req.rules)
      if (rule.alert && ruleProblems(rule).length === 0) live.set(game + JSON.stringify(rule), rule);
    for (const k of [...this.states.keys()]) if (k.startsWith(game) && !live.has(k)) this.states.delete(k);
    const due: Array<{ rule: ScanRule; state: { tracker: RouteTracker; alerts: RouteAlerts; lastAt: number } }> = [];
    for (const [k, rule] of live) {
      let state = this.states.get(k);
      if (!state)
        this.states.set(k, (state = { tracker: new RouteTracker(), alerts: new RouteAlerts(), lastAt: -Infinity }));
      if (req.at > state.lastAt) due.push({ rule, state });
    }
    if (due.length === 0) return [];
    const results = scanSnapshotRules(
      {
        snap: asSnapshot(req.data),
        fees: req.fees,
        unknownFees: { buy: new Set(req.unknownFees.buy), sell: new Set(req.unknownFees.sell) },
      },
      due.map((d) => d.rule),
    );
    const out: RouteFiring[] = [];
    due.forEach(({ rule, state }, r) => {
      const routes = results[r]!.routes;
      state.tracker.update(routes, req.at);
      state.lastAt = req.at;
      out.push(...state.alerts.update(rule, routes, req.at));
    });
    return out;
  }
}

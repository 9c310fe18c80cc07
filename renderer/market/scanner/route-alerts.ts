/**
 * Rules that alert: a rule with an alert (ScanRule.alert) fires once for a route that has been found
 * `polls` polls in a row, and again only after the route has gone and come back (its persistence, from
 * scan.ts RouteTracker, starts at 1 again then). The firing keeps the route as it was (buy and sell market
 * and price, net profit) and goes out through the price alerts' notification (shared/alerts/notify.ts).
 */
import type { NotifyRequest } from '../../../shared/alerts/notify';
import { MAX_NOTIFY_BODY, MAX_NOTIFY_TITLE } from '../../../shared/alerts/notify';
import type { RouteAlertSetting, ScanRule } from './rules';
import type { Route } from './scan';

/** The most polls an alert may wait for (a guard against a typo, not a plan). */
export const MAX_ALERT_POLLS = 100;

/** One firing: the rule, the moment, and the route as found then. Money in thousandths, ROI a fraction. */
export interface RouteFiring {
  ruleId: string;
  ruleName: string;
  at: number;
  item: string;
  buyMarket: string;
  buyPrice: number;
  sellMarket: string;
  sellPrice: number;
  profit: number;
  roi: number;
  /** Polls in a row it had been found, and since when. */
  polls: number;
  since: number;
}

/** null when `v` is a usable alert setting (or none), else what is wrong, in words. */
export function routeAlertProblem(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const polls = typeof v === 'object' ? (v as { polls?: unknown }).polls : undefined;
  if (typeof polls !== 'number' || !Number.isInteger(polls) || polls < 1 || polls > MAX_ALERT_POLLS)
    return `The alert's polls must be a whole number from 1 to ${MAX_ALERT_POLLS}.`;
  return null;
}

/**
 * Which routes of a rule have fired in their current run. One per rule, fed each poll's routes after the
 * rule's RouteTracker set their persistence.
 */
export class RouteAlerts {
  private fired = new Set<string>();

  update(rule: ScanRule, routes: readonly Route[], at: number): RouteFiring[] {
    const setting: RouteAlertSetting | null = rule.alert ?? null;
    const next = new Set<string>();
    const out: RouteFiring[] = [];
    if (!setting) {
      this.fired = next;
      return out;
    }
    for (const r of routes) {
      // A route missing from this poll leaves `fired`: it re-arms.
      if (this.fired.has(r.key)) next.add(r.key);
      else if (r.polls >= setting.polls) {
        next.add(r.key);
        out.push({
          ruleId: rule.id,
          ruleName: rule.name,
          at,
          item: r.name,
          buyMarket: r.buyMarket,
          buyPrice: r.buyPrice,
          sellMarket: r.sellMarket,
          sellPrice: r.sellPrice,
          profit: r.profit,
          roi: r.roi,
          polls: r.polls,
          since: r.since,
        });
      }
    }
    this.fired = next;
    return out;
  }
}

/** The desktop notification of a firing: the item as the title, the route in words as the body; a click opens the item. */
export function routeNotification(
  f: RouteFiring,
  game: number,
  nameOf: (slug: string) => string,
  money: (thousandths: number) => string,
): NotifyRequest {
  const roi = Number.isFinite(f.roi) ? ` (${(f.roi * 100).toFixed(1)} %)` : '';
  const body = `${f.ruleName}: buy on ${nameOf(f.buyMarket)} at ${money(f.buyPrice)}, sell on ${nameOf(f.sellMarket)} at ${money(f.sellPrice)}, net profit ${money(f.profit)}${roi}, for ${f.polls} poll${f.polls === 1 ? '' : 's'}.`;
  return {
    title: f.item.slice(0, MAX_NOTIFY_TITLE),
    body: body.slice(0, MAX_NOTIFY_BODY),
    target: { game, item: f.item, alertId: f.ruleId },
  };
}

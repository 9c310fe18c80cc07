/** The holdings card's headline: items held, their cost basis and how many lots still held have no cost. */

export interface HoldingsSummary {
  items: number;
  /** Sum of the known cost bases of the lots still held. */
  cost: number;
  costKnown: number;
  costMissing: number;
}

export function summarizeHoldings(rows: readonly { remaining: number; costBasis: number | null }[]): HoldingsSummary {
  let items = 0;
  let cost = 0;
  let costKnown = 0;
  let costMissing = 0;
  for (const r of rows) {
    items += r.remaining;
    // A lot sold out costs nothing any more: it counts neither as known nor as missing.
    if (r.remaining === 0) continue;
    if (r.costBasis === null) costMissing++;
    else {
      cost += r.costBasis;
      costKnown++;
    }
  }
  return { items, cost, costKnown, costMissing };
}

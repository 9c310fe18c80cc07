import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE, STEAM_PUBLISHER_FEE_BPS, STEAM_WALLET_FEE_BPS, type FeeRule } from './fee-schedule';

// The service's published min-price names, and the names the spec counts but does not publish.
const PUBLISHED = [
  'avanprice',
  'bitskins',
  'buff163',
  'c5',
  'csdeals',
  'csfloat',
  'csgoempire',
  'csgoroll',
  'csgotm',
  'csmoney',
  'dmarket',
  'gamerpay',
  'haloskins',
  'itrade',
  'lis-skins',
  'lootfarm',
  'rapidskins',
  'shadowpay',
  'skindeck',
  'skinflow',
  'skinout',
  'skinport',
  'skins-monkey',
  'skinthunder',
  'steamcommunity',
  'tradeit',
  'waxpeer',
  'white-market',
];
const CANDIDATES = ['youpin', 'igxe', 'ecosteam', 'buffmarket', 'skinbaron', 'skinbid', 'mannco', 'cstrade'];

function validRule(rule: FeeRule | null): boolean {
  if (rule === null || rule.kind === 'steam') return true;
  return Number.isInteger(rule.bps) && rule.bps >= 0 && rule.bps < 10_000;
}

describe('DEFAULT_FEE_SCHEDULE', () => {
  it('has an entry for every published market and candidate, and nothing else', () => {
    expect(Object.keys(DEFAULT_FEE_SCHEDULE).sort()).toEqual([...PUBLISHED, ...CANDIDATES].sort());
  });

  it.each(Object.entries(DEFAULT_FEE_SCHEDULE))('%s: a dated entry whose fees name their public page', (_slug, s) => {
    expect(s.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(s.asOf))).toBe(false);
    expect(validRule(s.buyer) && validRule(s.seller)).toBe(true);
    // A known fee always has a page; an entry with no page claims no fee (unknown, never 0).
    if (s.buyer !== null || s.seller !== null) expect(s.source).toMatch(/^https:\/\/\S+$/);
    if (s.source === '') expect([s.buyer, s.seller]).toEqual([null, null]);
    else expect(s.source).toMatch(/^https:\/\/\S+$/);
    if (s.note !== undefined) expect(s.note.length).toBeGreaterThan(0);
  });

  it("Steam: the listed price already includes the fees; the seller side is Steam's own function", () => {
    const steam = DEFAULT_FEE_SCHEDULE.steamcommunity;
    expect(steam?.buyer).toEqual({ kind: 'percent', bps: 0 });
    expect(steam?.seller).toEqual({ kind: 'steam' });
  });

  it('only Steam uses the Steam rule', () => {
    const users = Object.entries(DEFAULT_FEE_SCHEDULE)
      .filter(([, s]) => s.buyer?.kind === 'steam' || s.seller?.kind === 'steam')
      .map(([slug]) => slug);
    expect(users).toEqual(['steamcommunity']);
  });

  it('the published figures', () => {
    expect(DEFAULT_FEE_SCHEDULE.csmoney?.seller).toEqual({ kind: 'percent', bps: 700 });
    expect(DEFAULT_FEE_SCHEDULE.bitskins?.seller).toEqual({ kind: 'percent', bps: 1000 });
    expect(DEFAULT_FEE_SCHEDULE.waxpeer?.seller).toEqual({ kind: 'percent', bps: 590 });
  });

  it('gambling sites carry no fee', () => {
    for (const slug of ['csgoempire', 'csgoroll']) {
      const s = DEFAULT_FEE_SCHEDULE[slug];
      expect([s?.buyer, s?.seller]).toEqual([null, null]);
      expect(s?.note).toMatch(/gambling/i);
    }
  });

  it('is frozen, so a caller cannot change the defaults for everyone', () => {
    expect(Object.isFrozen(DEFAULT_FEE_SCHEDULE)).toBe(true);
    expect(Object.isFrozen(STEAM_PUBLISHER_FEE_BPS)).toBe(true);
  });

  it('is frozen all the way down: no nested field can be changed by a caller', () => {
    // Modules run in strict mode, so a write to a frozen object throws rather than being ignored.
    const csmoney = DEFAULT_FEE_SCHEDULE.csmoney as { seller: { kind: 'percent'; bps: number }; note?: string };
    expect(() => {
      csmoney.seller.bps = 0;
    }).toThrow(TypeError);
    expect(() => {
      csmoney.note = 'changed';
    }).toThrow(TypeError);
    expect(DEFAULT_FEE_SCHEDULE.csmoney?.seller).toEqual({ kind: 'percent', bps: 700 });
    const frozenDeep = (v: unknown): boolean =>
      v === null || typeof v !== 'object' || (Object.isFrozen(v) && Object.values(v).every(frozenDeep));
    for (const [slug, s] of Object.entries(DEFAULT_FEE_SCHEDULE)) expect(frozenDeep(s), slug).toBe(true);
  });
});

describe('Steam fee constants', () => {
  it("Steam takes 5 %; Valve's games charge a 10 % publisher fee; Rust is not claimed", () => {
    expect(STEAM_WALLET_FEE_BPS).toBe(500);
    expect(STEAM_PUBLISHER_FEE_BPS[730]).toBe(1000);
    expect(STEAM_PUBLISHER_FEE_BPS[440]).toBe(1000);
    expect(STEAM_PUBLISHER_FEE_BPS[570]).toBe(1000);
    expect(STEAM_PUBLISHER_FEE_BPS[252490]).toBeUndefined();
  });
});

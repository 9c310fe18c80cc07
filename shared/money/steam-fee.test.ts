import { describe, expect, it } from 'vitest';
import {
  STEAM_MAX_BUYER_PRICE_CENTS,
  steamBuyerPaysCents,
  steamSaleForBuyerPaysCents,
  steamSellerReceives,
  steamSellerReceivesCents,
} from './steam-fee';

const VALVE = 1000; // CS2, TF2, Dota 2: 10 % publisher fee

describe('steamBuyerPaysCents (what the buyer pays for a received amount)', () => {
  // Published figures: the spec's worked examples, the Steam wiki's $100 -> $115, and a forum post quoting
  // Steam's listing dialog (mediavida.com): receive 6c -> buyer 8c, 20 -> 23, 39 -> 43, 40 -> 46.
  it.each([
    [1, 1, 1, 3],
    [100, 5, 10, 115],
    [10_000, 500, 1000, 11_500],
    [6, 1, 1, 8],
    [20, 1, 2, 23],
    [39, 1, 3, 43],
    [40, 2, 4, 46],
    [19, 1, 1, 21],
  ])('receive %i cents: steam %i + publisher %i -> buyer pays %i', (received, steamFee, publisherFee, total) => {
    expect(steamBuyerPaysCents(received, VALVE)).toEqual({ steamFee, publisherFee, total });
  });

  it('a game without a publisher fee pays only the Steam fee', () => {
    expect(steamBuyerPaysCents(100, 0)).toEqual({ steamFee: 5, publisherFee: 0, total: 105 });
    expect(steamBuyerPaysCents(1, 0)).toEqual({ steamFee: 1, publisherFee: 0, total: 2 });
  });

  it('rejects a publisher fee that is not whole basis points', () => {
    expect(() => steamBuyerPaysCents(100, -1)).toThrow(RangeError);
    expect(() => steamBuyerPaysCents(100, 0.1)).toThrow(RangeError);
  });
});

describe("steamSellerReceivesCents (Steam's CalculateFeeAmount)", () => {
  it.each([
    [3, 1],
    [115, 100],
    [8, 6],
    [23, 20],
    [43, 39],
    [46, 40],
    [11_500, 10_000],
  ])('buyer pays %i cents -> seller receives %i', (paid, received) => {
    expect(steamSellerReceivesCents(paid, VALVE)).toBe(received);
  });

  it('below the 3-cent minimum listing nothing can be received', () => {
    // Steam's own loop would say -1 and 0; such listings do not exist.
    expect(steamSellerReceivesCents(2, VALVE)).toBe(0);
    expect(steamSellerReceivesCents(1, VALVE)).toBe(0);
    expect(steamSellerReceivesCents(0, VALVE)).toBe(0);
    expect(steamSellerReceivesCents(-5, VALVE)).toBe(0);
  });

  it('a price no received amount produces: Steam keeps the lower amount and the Steam fee takes the cent', () => {
    // Receiving 19 costs 21, receiving 20 costs 23: 22 is a gap.
    expect(steamSaleForBuyerPaysCents(22, VALVE)).toEqual({ received: 19, steamFee: 2, publisherFee: 1, total: 22 });
    // The gap also below 1.15: receiving 99 costs 99 + 4 + 9 = 112, receiving 100 costs 115.
    expect(steamSaleForBuyerPaysCents(114, VALVE)).toEqual({ received: 99, steamFee: 6, publisherFee: 9, total: 114 });
  });

  it('every price from 1 cent to the Steam maximum: the largest received amount that fits, monotonic', () => {
    // One assertion at the end keeps 200,000 prices fast; the list names the prices that broke a rule.
    const broken: string[] = [];
    let previous = 0;
    for (let paid = 1; paid <= STEAM_MAX_BUYER_PRICE_CENTS; paid += 1) {
      const received = steamSellerReceivesCents(paid, VALVE);
      if (paid >= 3) {
        if (steamBuyerPaysCents(received, VALVE).total > paid) broken.push(`${paid}: ${received} costs more`);
        if (steamBuyerPaysCents(received + 1, VALVE).total <= paid) broken.push(`${paid}: ${received + 1} also fits`);
        if (received < 1) broken.push(`${paid}: nothing received`);
      } else if (received !== 0) {
        broken.push(`${paid}: under the minimum but ${received}`);
      }
      if (received < previous) broken.push(`${paid}: ${received} < ${previous}`);
      const sale = steamSaleForBuyerPaysCents(paid, VALVE);
      if (sale.received + sale.steamFee + sale.publisherFee !== paid) broken.push(`${paid}: parts do not add up`);
      previous = received;
    }
    expect(broken.slice(0, 10)).toEqual([]);
  });

  it('round trip: the price for any received amount gives that amount back', () => {
    const broken: string[] = [];
    for (let received = 1; ; received += 1) {
      const { total } = steamBuyerPaysCents(received, VALVE);
      if (total > STEAM_MAX_BUYER_PRICE_CENTS) break;
      const back = steamSellerReceivesCents(total, VALVE);
      if (back !== received) broken.push(`${received} -> ${total} -> ${back}`);
    }
    for (const bps of [0, 500, 1500, 3000]) {
      for (let received = 1; received <= 5000; received += 1) {
        const back = steamSellerReceivesCents(steamBuyerPaysCents(received, bps).total, bps);
        if (back !== received) broken.push(`${bps} bps: ${received} -> ${back}`);
      }
    }
    expect(broken.slice(0, 10)).toEqual([]);
  });

  it('a game without a publisher fee lists from 2 cents', () => {
    expect(steamSellerReceivesCents(2, 0)).toBe(1);
    expect(steamSellerReceivesCents(1, 0)).toBe(0);
  });
});

describe('steamSellerReceives (thousandths)', () => {
  it('converts through whole cents', () => {
    expect(steamSellerReceives(1150, VALVE)).toBe(1000);
    expect(steamSellerReceives(30, VALVE)).toBe(10);
    // $1.159 is floored to $1.15 first.
    expect(steamSellerReceives(1159, VALVE)).toBe(1000);
    expect(steamSellerReceives(20, VALVE)).toBe(0);
    expect(steamSellerReceives(0, VALVE)).toBe(0);
    expect(steamSellerReceives(-1150, VALVE)).toBe(0);
    expect(steamSellerReceives(Number.NaN, VALVE)).toBe(0);
    expect(steamSellerReceives(200_000 * 10, VALVE)).toBe(steamSellerReceivesCents(200_000, VALVE) * 10);
  });
});

/** Warm-up samples: made-up recommendation rows, to run the reading and rendering code before a real list. */
import { UNSTABLE_REASONS } from '../../../shared/api/schema';

/**
 * A made-up getPriceRecommendations list of `n` rows shaped like the service's (the same fields in the
 * same order, the kinds of names the search flags tell apart), to warm the reading code up before a load.
 */
export function recSampleRows(n: number): unknown[] {
  const names = [
    'AK-47 | Redline (Field-Tested)',
    'StatTrak\u2122 M4A1-S | Hyper Beast (Minimal Wear)',
    '\u2605 Karambit | Fade (Factory New)',
    '\u2605 Sport Gloves | Vice (Well-Worn)',
    'Sticker | Crown (Foil)',
    'Souvenir AWP | Dragon Lore (Battle-Scarred)',
    'Recoil Case',
    "'Medium Rare' Crasswater | Guerrilla Warfare",
    'Sealed Graffiti | Quick Peek (Tiger Orange)',
    'Music Kit | Daniel Sadowski, Crystal Dragon',
  ];
  const rows: unknown[] = [];
  for (let i = 0; i < n; i++) {
    rows.push({
      market_hash_name: `${names[i % names.length] as string} ${i}`,
      suggested_price: 1000 + ((i * 7919) % 100_000),
      unstable_reasons: i % 3 === 0 ? [] : [UNSTABLE_REASONS[i % UNSTABLE_REASONS.length] as string],
      total_sales: (i * 31) % 5000,
      price_difference: ((i % 200) - 100) * 1.5,
      price_change_percentage: ((i % 50) - 25) / 4,
      liquidity_score: (i * 13) % 10001,
    });
  }
  return rows;
}

/**
 * Static per-item parameters of one game, derived once from the catalog codes and seeded hashes and kept
 * in typed arrays (a few MB for CS2): reference price level, Steam sales rate, listing depth, popularity,
 * volatility, pump ("boost") propensity, how often its prices update, and the age of new items.
 */
import type { Catalog } from './catalog';
import { classPrice, classVolume, PRICE_CLASS_RATIO, VOLUME_CLASS_RATIO } from './catalog-code';
import { hash2, hash3, hashString, unit } from './hash';

export interface ItemModel {
  readonly n: number;
  /** Seeded per-item hash key. */
  readonly key: Uint32Array;
  /** ln(reference price in thousandths) around which the item's price wanders. */
  readonly logBase: Float64Array;
  /** Mean Steam sales per day. */
  readonly vol: Float32Array;
  /** Mean number of Steam listings. */
  readonly depth: Float32Array;
  /** 0 (nobody trades it) .. 1 (traded everywhere), from volume. */
  readonly pop: Float32Array;
  /** Amplitude of slow price movements (log units). */
  readonly sigma: Float32Array;
  /** Probability of a pump ("boost") starting in any 10-day block. */
  readonly spikeP: Float32Array;
  /** Update period in epochs: liquid items reprice every epoch, thin ones hold prices for up to an hour. */
  readonly quant: Uint8Array;
  /** Days since release for new items (< 90), 0 for established items with full history. */
  readonly ageDays: Uint8Array;
  /** Base relative gap between an item's best bid and its ask. */
  readonly spread: Float32Array;
}

const SALT_ITEM = 0x17e3;
const SALT_FAMILY = 0x2a91;

/** Long-horizon volatility by category (log units): keys barely move, stickers and slabs swing. */
const CAT_SIGMA: Record<string, number> = {
  c: 0.1,
  y: 0.03,
  t: 0.05,
  w: 0.08,
  k: 0.07,
  g: 0.08,
  s: 0.14,
  a: 0.08,
  p: 0.1,
  f: 0.1,
  m: 0.08,
  h: 0.1,
  l: 0.15,
  n: 0.1,
  u: 0.12,
  x: 0.1,
};

/** Items that differ only by wear / StatTrak / Souvenir / quality share their price noise. */
function familyOf(name: string): string {
  return name
    .replace(/^★ /, '')
    .replace(
      /^(StatTrak™|Souvenir|Strange|Genuine|Vintage|Unusual|Inscribed|Autographed|Exalted|Frozen|Corrupted|Heroic) /,
      '',
    )
    .replace(/ \((Factory New|Minimal Wear|Field-Tested|Well-Worn|Battle-Scarred)\)$/, '');
}

export function buildItemModel(catalog: Catalog, seed: number, gameId: number): ItemModel {
  const n = catalog.names.length;
  const key = new Uint32Array(n);
  const logBase = new Float64Array(n);
  const vol = new Float32Array(n);
  const depth = new Float32Array(n);
  const pop = new Float32Array(n);
  const sigma = new Float32Array(n);
  const spikeP = new Float32Array(n);
  const quant = new Uint8Array(n);
  const ageDays = new Uint8Array(n);
  const spread = new Float32Array(n);
  const lnP = Math.log(PRICE_CLASS_RATIO);
  const lnV = Math.log(VOLUME_CLASS_RATIO);
  const familyCache = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const name = catalog.names[i]!;
    const k = hash3(seed, gameId, hashString(name));
    key[i] = k;
    const fam = familyOf(name);
    let fk = familyCache.get(fam);
    if (fk === undefined) {
      fk = hash3(seed, SALT_FAMILY, hashString(fam));
      familyCache.set(fam, fk);
    }
    // Smear the class quantization: a family-wide offset (keeps FN above FT) plus a small per-item one.
    const jitter = (unit(fk) - 0.5) * 0.7 + (unit(hash2(k, SALT_ITEM)) - 0.5) * 0.3;
    logBase[i] = Math.log(classPrice(catalog.priceClass[i]!)) + jitter * lnP;
    const v = classVolume(catalog.volumeClass[i]!) * Math.exp((unit(hash2(k, SALT_ITEM + 1)) - 0.5) * 0.6 * lnV);
    vol[i] = v;
    // Popularity from volume, but expensive items are wanted (and listed) everywhere even when they rarely sell.
    const usd = Math.exp(logBase[i]!) / 1000;
    const wanted = Math.min(1, Math.max(0, Math.log10(usd) / 4));
    const p = Math.min(1, Math.max(Math.log10(1 + v * 10) / 3, 0.8 * wanted));
    pop[i] = p;
    depth[i] = 0.3 + 4 * Math.pow(v, 0.85) + 6 * p + 1.5 * Math.log10(1 + usd / 10);
    const cat = String.fromCharCode(catalog.cat[i]!);
    sigma[i] = (CAT_SIGMA[cat] ?? 0.1) * (1 + 0.8 * (1 - p));
    const spikeBase = v < 1 ? 0.15 : v < 10 ? 0.05 : 0.015;
    spikeP[i] = spikeBase * (cat === 's' || cat === 'l' || cat === 'c' ? 1.5 : 1);
    quant[i] = v >= 20 ? 1 : v >= 2 ? 3 : v >= 0.2 ? 6 : 12;
    const hAge = hash2(k, SALT_ITEM + 2);
    ageDays[i] = unit(hAge) < 0.015 ? 10 + ((hAge >>> 8) % 75) : 0;
    spread[i] = 0.03 + 0.35 * (1 - p) * (1 - p);
  }
  return { n, key, logBase, vol, depth, pop, sigma, spikeP, quant, ageDays, spread };
}

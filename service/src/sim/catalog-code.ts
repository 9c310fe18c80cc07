/**
 * The compact per-item code stored next to every name in the committed catalogs (service/data/catalog-*.tsv):
 * three characters, `<category><price class><volume class>`. The catalog builder (service/scripts) turns its
 * domain knowledge (rarity, wear, StatTrak, tournament, finish...) into these classes once; the simulation
 * only decodes them, so runtime never needs the item-data package.
 */

/** Category letters. Shared across games; they drive volatility and market coverage, not names. */
const CATEGORIES = {
  c: 'container (case, capsule, crate, treasure, souvenir package)',
  y: 'key or currency-like item',
  t: 'tool or consumable (name tag, paint, strange part, kit)',
  w: 'weapon skin or weapon',
  k: 'knife, arcana or other top-tier special item',
  g: 'gloves',
  s: 'sticker',
  a: 'agent or character',
  p: 'patch',
  f: 'graffiti or spray',
  m: 'music kit',
  h: 'charm, courier, ward or small cosmetic',
  l: 'sticker slab',
  n: 'pin or collectible',
  u: 'unusual or other rare cosmetic',
  x: 'wearable cosmetic (hat, set item, clothing, building skin)',
} as const;
export type Category = keyof typeof CATEGORIES;

function isCategory(c: string): c is Category {
  return Object.prototype.hasOwnProperty.call(CATEGORIES, c);
}

/** Price class p (base-36 digit 0..35): anchor price = 30 thousandths * 1.55^p, i.e. $0.03 .. ~$138,000. */
const PRICE_CLASS_BASE = 30;
export const PRICE_CLASS_RATIO = 1.55;
/** Volume class v (base-36 digit 0..35): anchor Steam sales per day = 0.003 * 1.7^v. */
const VOLUME_CLASS_BASE = 0.003;
export const VOLUME_CLASS_RATIO = 1.7;
const CLASS_MAX = 35;

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

function toClass(value: number, base: number, ratio: number): number {
  const c = Math.round(Math.log(Math.max(value, 1e-12) / base) / Math.log(ratio));
  return Math.min(CLASS_MAX, Math.max(0, c));
}

/** Encodes a category, an anchor price in thousandths and an anchor daily Steam volume. */
export function encodeCode(cat: Category, priceThousandths: number, dailyVolume: number): string {
  const p = toClass(priceThousandths, PRICE_CLASS_BASE, PRICE_CLASS_RATIO);
  const v = toClass(dailyVolume, VOLUME_CLASS_BASE, VOLUME_CLASS_RATIO);
  return `${cat}${DIGITS[p]}${DIGITS[v]}`;
}

export interface DecodedCode {
  cat: Category;
  priceClass: number;
  volumeClass: number;
}

export function decodeCode(code: string): DecodedCode {
  const cat = code[0] ?? '';
  const p = DIGITS.indexOf(code[1] ?? '');
  const v = DIGITS.indexOf(code[2] ?? '');
  if (code.length !== 3 || !isCategory(cat) || p < 0 || v < 0) throw new Error(`bad catalog code "${code}"`);
  return { cat, priceClass: p, volumeClass: v };
}

export function classPrice(priceClass: number): number {
  return PRICE_CLASS_BASE * PRICE_CLASS_RATIO ** priceClass;
}

export function classVolume(volumeClass: number): number {
  return VOLUME_CLASS_BASE * VOLUME_CLASS_RATIO ** volumeClass;
}

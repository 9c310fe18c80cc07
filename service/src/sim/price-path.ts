/**
 * The reference price of an item over time (log thousandths): a sum of value-noise octaves from a 90-day
 * drift down to a per-epoch tick, plus occasional pumps. It is a pure function of (item, epoch), so any
 * past moment (for history windows) costs the same as "now", and nothing per item and time is stored.
 */
import { knot, mix32, salted, unit, valueNoise } from './hash';
import type { ItemModel } from './items';

const OCTAVES = [
  // spacing in epochs, weight (times the item's sigma, except the two short ones which are absolute)
  { spacing: 25920, weight: 0.9 }, // 90 days: drift
  { spacing: 8640, weight: 0.7 }, // 30 days
  { spacing: 2016, weight: 0.45 }, // 7 days
  { spacing: 288, weight: 0.25 }, // 1 day
] as const;
const HOURLY_AMPLITUDE = 0.006;
const EPOCH_AMPLITUDE = 0.003;

/** Pumps: per 10-day block an item may get one; it ramps up in 3 hours and decays over ~3 days. */
export const SPIKE_BLOCK = 2880;
const SPIKE_RAMP = 36;
const SPIKE_TAU = 864;
const SPIKE_LOOKBACK = 2;

const N_KEYS = 7;

export class PricePath {
  /** Salted keys per item: 4 octaves, hourly, epoch, spike. */
  private readonly keys: Uint32Array;

  constructor(private readonly items: ItemModel) {
    const n = items.n;
    this.keys = new Uint32Array(n * N_KEYS);
    for (let i = 0; i < n; i++) {
      for (let s = 0; s < N_KEYS; s++) this.keys[i * N_KEYS + s] = salted(items.key[i]!, 0x100 + s);
    }
  }

  /**
   * Reference price (thousandths) of item i at epoch e, rounded to float32 so that history can be stored
   * in Float32Arrays and still reproduce exactly what a snapshot computed.
   */
  ref(i: number, e: number): number {
    return Math.fround(Math.exp(this.logRef(i, e)));
  }

  /** ln(reference price in thousandths) of item i at epoch e. */
  logRef(i: number, e: number): number {
    const it = this.items;
    const b = i * N_KEYS;
    const ks = this.keys;
    let slow = 0;
    for (let o = 0; o < OCTAVES.length; o++) {
      const oc = OCTAVES[o]!;
      slow += oc.weight * valueNoise(ks[b + o]!, e, oc.spacing);
    }
    return it.logBase[i]! + it.sigma[i]! * slow
      + HOURLY_AMPLITUDE * valueNoise(ks[b + 4]!, e, 12)
      + EPOCH_AMPLITUDE * valueNoise(ks[b + 5]!, e, 1)
      + this.spike(i, e);
  }

  /** Pump contribution (log units, >= 0) of item i at epoch e. */
  spike(i: number, e: number): number {
    const p = this.items.spikeP[i]!;
    const ks = this.keys[i * N_KEYS + 6]!;
    const blk = Math.floor(e / SPIKE_BLOCK);
    let s = 0;
    for (let j = blk - SPIKE_LOOKBACK; j <= blk; j++) {
      const h = knot(ks, j);
      if (unit(h) >= p) continue;
      const h2 = mix32(h ^ 0x5bd1e995);
      const start = j * SPIKE_BLOCK + (h2 % SPIKE_BLOCK);
      const dt = e - start;
      if (dt < 0) continue;
      const amp = 0.25 + 0.6 * unit(mix32(h2 ^ 0x27d4eb2f));
      s += dt < SPIKE_RAMP ? (amp * dt) / SPIKE_RAMP : amp * Math.exp(-(dt - SPIKE_RAMP) / SPIKE_TAU);
    }
    return s;
  }
}

/**
 * The reference price of an item over time (log thousandths): a sum of value-noise octaves from a 90-day
 * drift down to a per-epoch tick, plus occasional pumps. It is a pure function of (item, epoch), so any
 * past moment (for history windows) costs the same as "now", and nothing per item and time is stored.
 */
import { knot, mix32, salted, unit, valueNoise } from './hash';
import type { ItemModel } from './items';

// Slow octaves: knot spacing in epochs and weight (times the item's sigma).
const S0 = 25920; // 90 days: drift
const W0 = 0.9;
const S1 = 8640; // 30 days
const W1 = 0.7;
const S2 = 2016; // 7 days
const W2 = 0.45;
const S3 = 288; // 1 day
const W3 = 0.25;
const HOURLY_AMPLITUDE = 0.006;
const EPOCH_AMPLITUDE = 0.003;

/** Pumps: per 10-day block an item may get one; it ramps up in 3 hours and decays over ~3 days. */
const SPIKE_BLOCK = 2880;
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
    slow += W0 * valueNoise(ks[b]!, e, S0);
    slow += W1 * valueNoise(ks[b + 1]!, e, S1);
    slow += W2 * valueNoise(ks[b + 2]!, e, S2);
    slow += W3 * valueNoise(ks[b + 3]!, e, S3);
    return (
      it.logBase[i]! +
      it.sigma[i]! * slow +
      HOURLY_AMPLITUDE * valueNoise(ks[b + 4]!, e, 12) +
      EPOCH_AMPLITUDE * valueNoise(ks[b + 5]!, e, 1) +
      this.spike(i, e)
    );
  }

  /**
   * Reference prices of item i at ascending epochs (history samples), bit-identical to `ref` but reusing
   * knot hashes between neighbouring samples: consecutive days share all but the fastest octaves' knots.
   */
  refSeries(
    i: number,
    epochs: ArrayLike<number>,
    count: number,
    out: Float32Array | Float64Array,
    outBase: number,
  ): void {
    const it = this.items;
    const b = i * N_KEYS;
    const ks = this.keys;
    const sigma = it.sigma[i]!;
    const logBase = it.logBase[i]!;
    this.knotCache.fill(NaN);
    this.spikeItem = -1;
    for (let x = 0; x < count; x++) {
      const e = epochs[x]!;
      let slow = 0;
      slow += W0 * this.cachedNoise(ks[b]!, e, S0, 0);
      slow += W1 * this.cachedNoise(ks[b + 1]!, e, S1, 1);
      slow += W2 * this.cachedNoise(ks[b + 2]!, e, S2, 2);
      slow += W3 * this.cachedNoise(ks[b + 3]!, e, S3, 3);
      const l =
        logBase +
        sigma * slow +
        HOURLY_AMPLITUDE * this.cachedNoise(ks[b + 4]!, e, 12, 4) +
        EPOCH_AMPLITUDE * this.cachedNoise(ks[b + 5]!, e, 1, 5) +
        this.cachedSpike(i, e);
      out[outBase + x] = Math.fround(Math.exp(l));
    }
  }

  /** Per octave: last knot index and the unit values at it and the next knot. */
  private readonly knotCache = new Float64Array(6 * 3);

  /** valueNoise with the knot values of the previous call reused when the knots are the same or adjacent. */
  private cachedNoise(saltedKey: number, t: number, spacing: number, slot: number): number {
    const c = this.knotCache;
    const s3 = slot * 3;
    const k = Math.floor(t / spacing);
    const f = t / spacing - k;
    let a: number;
    let bv: number;
    if (c[s3] === k) {
      a = c[s3 + 1]!;
      bv = c[s3 + 2]!;
    } else if (c[s3] === k - 1 && !Number.isNaN(c[s3 + 2]!)) {
      a = c[s3 + 2]!;
      bv = NaN;
    } else {
      a = unit(knot(saltedKey, k));
      bv = NaN;
    }
    c[s3] = k;
    c[s3 + 1] = a;
    if (f === 0) {
      c[s3 + 2] = bv;
      return a * 2 - 1;
    }
    if (Number.isNaN(bv)) bv = unit(knot(saltedKey, k + 1));
    c[s3 + 2] = bv;
    const sm = f * f * (3 - 2 * f);
    return (a + (bv - a) * sm) * 2 - 1;
  }

  /** Per spike block (SPIKE_LOOKBACK + 1 of them, by block index mod 3): block index, start (-1 = none), amplitude. */
  private readonly spikeCache = new Float64Array((SPIKE_LOOKBACK + 1) * 3);

  /** `spike` with each block's draw remembered across a series (blocks span 10 days). */
  private cachedSpike(i: number, e: number): number {
    const c = this.spikeCache;
    const blk = Math.floor(e / SPIKE_BLOCK);
    let s = 0;
    for (let j = blk - SPIKE_LOOKBACK; j <= blk; j++) {
      const slot = (((j % 3) + 3) % 3) * 3;
      if (c[slot] !== j || this.spikeItem !== i) this.drawSpike(i, j, slot);
      const start = c[slot + 1]!;
      if (start < 0) continue;
      const dt = e - start;
      if (dt < 0) continue;
      const amp = c[slot + 2]!;
      s += dt < SPIKE_RAMP ? (amp * dt) / SPIKE_RAMP : amp * Math.exp(-(dt - SPIKE_RAMP) / SPIKE_TAU);
    }
    return s;
  }

  private spikeItem = -1;

  private drawSpike(i: number, j: number, slot: number): void {
    const c = this.spikeCache;
    if (this.spikeItem !== i) {
      c.fill(NaN);
      this.spikeItem = i;
    }
    c[slot] = j;
    const h = knot(this.keys[i * N_KEYS + 6]!, j);
    if (unit(h) >= this.items.spikeP[i]!) {
      c[slot + 1] = -1;
      return;
    }
    const h2 = mix32(h ^ 0x5bd1e995);
    c[slot + 1] = j * SPIKE_BLOCK + (h2 % SPIKE_BLOCK);
    c[slot + 2] = 0.25 + 0.6 * unit(mix32(h2 ^ 0x27d4eb2f));
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

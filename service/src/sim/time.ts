/** Simulation time is counted in epochs of EPOCH_MS (5 minutes): every value is a function of an epoch index. */
import { EPOCH_MS } from './types';

export const EPOCHS_PER_HOUR = 12;
export const EPOCHS_PER_DAY = 288;
/** Daily history samples sit at noon: a multiple of every item's update period (1, 3, 6 or 12 epochs). */
export const DAY_SAMPLE_OFFSET = 144;
export const HISTORY_DAYS = 90;
export const HOURS_24 = 24;

export function epochOf(nowMs: number): number {
  if (!Number.isFinite(nowMs)) throw new Error(`bad clock value ${nowMs}`);
  return Math.floor(nowMs / EPOCH_MS);
}

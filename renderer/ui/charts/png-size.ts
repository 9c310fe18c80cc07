/** The "PNG at size…" dialog's figures: a typed side checked, the starting size, the other side kept in proportion. */
import { MAX_PNG_SIDE } from './export/raster';

const MIN_PNG_SIDE = 16;

/** A side length typed by the user: a whole number of pixels in range, or the reason it isn't. */
export function parseSide(text: string): { ok: true; value: number } | { ok: false; problem: string } {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return { ok: false, problem: 'Enter a whole number of pixels.' };
  const v = Number(t);
  if (v < MIN_PNG_SIDE) return { ok: false, problem: `At least ${MIN_PNG_SIDE} px.` };
  if (v > MAX_PNG_SIDE) return { ok: false, problem: `At most ${MAX_PNG_SIDE.toLocaleString('en-US')} px.` };
  return { ok: true, value: v };
}

export interface SizeFields {
  width: string;
  height: string;
  keep: boolean;
}

/** The dialog's starting size: twice the chart's natural size (1600 x 900 when unknown), capped, and its ratio. */
export function startSize(natural: { width: number; height: number } | null): { fields: SizeFields; ratio: number } {
  const w = natural ? natural.width * 2 : 1600;
  const h = natural ? natural.height * 2 : 900;
  return {
    fields: { width: String(Math.min(w, MAX_PNG_SIDE)), height: String(Math.min(h, MAX_PNG_SIDE)), keep: true },
    ratio: h / w,
  };
}

/** The fields after one side is typed: with "keep" on and a valid side, the other follows at the ratio. */
export function withSide(s: SizeFields, side: 'width' | 'height', text: string, ratio: number): SizeFields {
  const next = { ...s, [side]: text };
  const parsed = parseSide(text);
  if (s.keep && parsed.ok) {
    const other = side === 'width' ? Math.round(parsed.value * ratio) : Math.round(parsed.value / ratio);
    next[side === 'width' ? 'height' : 'width'] = String(other);
  }
  return next;
}

/**
 * How a value cell's text looks, read from the stylesheet: the canvas that draws the values
 * (CellTextLayer.tsx) asks for each distinct class string once, through a hidden probe cell inside the
 * grid, so themes, details in cells and trust states stay the stylesheet's alone.
 */

/** One line's look: a canvas font, a fill, and the height of its line box (px). */
export interface LineStyle {
  font: string;
  color: string;
  lineHeight: number;
}

export interface CellTextStyle {
  /** The value's line (with details, the first line's look). */
  first: LineStyle;
  /** With details, the second line's look (the cell's own). */
  second: LineStyle;
  align: 'left' | 'right';
  padLeft: number;
  padRight: number;
  padTop: number;
  /** The cell's opacity (a dimmed old quote). */
  alpha: number;
  /** What the stylesheet puts before the value (an outlier's ▲ / ▼ and a no-break space), in its own font. */
  before: { text: string; font: string } | null;
  /** The text ends in "…" where it overflows, instead of being cut. */
  ellipsis: boolean;
}

const px = (v: string): number => {
  const n = parseFloat(v);
  return Number.isFinite(n) ? n : 0;
};

function fontOf(s: CSSStyleDeclaration): string {
  return `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
}

function lineOf(s: CSSStyleDeclaration): LineStyle {
  const size = px(s.fontSize);
  // "normal" line height: about 1.2 em.
  const lh = s.lineHeight === 'normal' ? size * 1.2 : px(s.lineHeight);
  return { font: fontOf(s), color: s.color, lineHeight: lh };
}

const alphaOf = (v: string): number => {
  const a = parseFloat(v);
  return Number.isFinite(a) ? Math.min(1, Math.max(0, a)) : 1;
};

/** A CSS `content` value's string ("\"▲ \"" -> "▲ "), null for none. */
export function contentText(content: string): string | null {
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(content.trim());
  if (!m) return null;
  const text = (m[1] as string).replace(/\\(.)/g, '$1');
  return text === '' ? null : text;
}

/** Reads computed styles of class strings through a probe: the one cell of a hidden row in the grid; cached. */
export class CellTextStyles {
  private readonly cache = new Map<string, CellTextStyle>();
  constructor(private readonly probeRow: HTMLElement) {}

  /** Forget what was read (the theme or the grid's mode changed). */
  clear(): void {
    this.cache.clear();
  }

  of(className: string): CellTextStyle {
    let st = this.cache.get(className);
    if (!st) {
      st = this.read(className);
      this.cache.set(className, st);
    }
    return st;
  }

  private read(className: string): CellTextStyle {
    const el = this.probeRow.firstElementChild;
    if (!(el instanceof HTMLElement)) throw new Error('The grid text probe has no cell.');
    el.className = className;
    const s = getComputedStyle(el);
    const second = lineOf(s);
    const first = lineOf(getComputedStyle(el, '::first-line'));
    const beforeStyle = getComputedStyle(el, '::before');
    const mark = contentText(beforeStyle.content);
    return {
      first,
      second,
      align: s.textAlign === 'right' || s.textAlign === 'end' ? 'right' : 'left',
      padLeft: px(s.paddingLeft),
      padRight: px(s.paddingRight),
      padTop: px(s.paddingTop),
      alpha: alphaOf(s.opacity),
      before: mark ? { text: mark, font: fontOf(beforeStyle) } : null,
      ellipsis: s.textOverflow === 'ellipsis',
    };
  }
}

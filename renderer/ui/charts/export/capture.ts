/**
 * Browser side of the export: reads a mounted recharts chart (its <svg> and its HTML legend) and the
 * current theme, and hands plain strings and numbers to svg.ts.
 *
 * Styles are inlined from getComputedStyle so the file renders the same outside the app (no stylesheet,
 * no CSS variables: `var(--chart-series-1)` becomes the colour it is now). Only properties that differ
 * from the parent (inherited ones) or from the initial value (the rest) are written, to keep files small.
 */
import { escapeXml, type ExportTheme, type LegendEntry } from './svg';

const SVG_NS = 'http://www.w3.org/2000/svg';

const INHERITED = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
  'visibility',
] as const;

const NOT_INHERITED: Record<string, string[]> = {
  opacity: ['1'],
  'stop-color': ['rgb(0, 0, 0)'],
  'stop-opacity': ['1'],
  'alignment-baseline': ['auto'],
  display: ['inline', 'block'],
};

/** Bits of a chart that are hover feedback, not data: left out of the file. */
const TRANSIENT = '.recharts-tooltip-cursor, .recharts-active-dot, .recharts-tooltip-wrapper, foreignObject';

/** Attributes that mean nothing in a file: the live element's styling hooks and focus order. */
const DROPPED_ATTRIBUTES = new Set(['style', 'tabindex', 'role', 'focusable']);

function styleOf(cs: CSSStyleDeclaration, parent: CSSStyleDeclaration | null): string {
  const decls: string[] = [];
  for (const prop of INHERITED) {
    const v = cs.getPropertyValue(prop);
    if (v && (!parent || parent.getPropertyValue(prop) !== v)) decls.push(`${prop}:${v}`);
  }
  for (const [prop, initial] of Object.entries(NOT_INHERITED)) {
    const v = cs.getPropertyValue(prop);
    if (v && !initial.includes(v)) decls.push(`${prop}:${v}`);
  }
  return decls.join(';');
}

/**
 * The element as SVG markup with its computed styles inlined. Written as a string, not by setting
 * style attributes on a clone: the app's CSP (style-src 'self') refuses style attributes set from script.
 */
function serializeWithStyles(
  source: Element,
  parent: CSSStyleDeclaration | null = null,
  rootAttributes: Record<string, string> = {},
): string {
  if (source.matches(TRANSIENT)) return '';
  const cs = getComputedStyle(source);
  const attrs: string[] = [];
  for (const attr of source.attributes) {
    if (DROPPED_ATTRIBUTES.has(attr.name) || attr.name in rootAttributes) continue;
    // Values that point at CSS variables mean nothing outside the app; the style below has their value.
    if (attr.value.includes('var(')) continue;
    attrs.push(` ${attr.name}="${escapeXml(attr.value)}"`);
  }
  for (const [name, value] of Object.entries(rootAttributes)) attrs.push(` ${name}="${escapeXml(value)}"`);
  const style = styleOf(cs, parent);
  if (style) attrs.push(` style="${escapeXml(style)}"`);
  let inner = '';
  for (const node of source.childNodes) {
    if (node.nodeType === Node.ELEMENT_NODE) inner += serializeWithStyles(node as Element, cs);
    else if (node.nodeType === Node.TEXT_NODE) inner += escapeXml(node.nodeValue ?? '');
  }
  const tag = source.localName;
  return `<${tag}${attrs.join('')}>${inner}</${tag}>`;
}

/** The chart's own <svg> (legend icons are <svg class="recharts-surface"> too, but inside the legend). */
export function findChartSvg(container: HTMLElement): SVGSVGElement | null {
  return (
    container.querySelector<SVGSVGElement>('.recharts-wrapper > svg') ??
    container.querySelector<SVGSVGElement>('svg.recharts-surface')
  );
}

export interface CapturedChart {
  plot: { width: number; height: number; markup: string };
  legend: LegendEntry[];
}

function readLegend(container: HTMLElement, origin: DOMRect): LegendEntry[] {
  const items = container.querySelectorAll<HTMLElement>('.recharts-legend-wrapper .recharts-legend-item');
  const out: LegendEntry[] = [];
  for (const li of items) {
    const label = li.querySelector<HTMLElement>('.recharts-legend-item-text') ?? li;
    const text = (label.textContent ?? '').trim();
    if (!text) continue;
    const icon = li.querySelector<SVGSVGElement>('svg');
    const labelStyle = getComputedStyle(label);
    const fontSize = parseFloat(labelStyle.fontSize) || 12;
    const textRect = label.getBoundingClientRect();
    const entry: LegendEntry = { text, color: labelStyle.color, textColor: labelStyle.color };
    if (icon) {
      // The icon's own styles are what its shapes inherit: keep them on a group around them.
      const iconStyle = getComputedStyle(icon);
      const rootStyle = styleOf(iconStyle, null).replace(/(^|;)display:[^;]*/g, '');
      const shapes = [...icon.children].map((c) => serializeWithStyles(c, iconStyle)).join('');
      entry.icon = {
        markup: `<g style="${escapeXml(rootStyle)}">${shapes}</g>`,
        viewBox: icon.getAttribute('viewBox') ?? '0 0 32 32',
      };
      const firstShape = icon.querySelector('path, line, rect, circle, polygon');
      if (firstShape) {
        const cs = getComputedStyle(firstShape);
        entry.color = cs.fill && cs.fill !== 'none' ? cs.fill : cs.stroke;
      }
    }
    const iconRect = icon?.getBoundingClientRect();
    entry.at = {
      iconX: (iconRect?.left ?? textRect.left - 14) - origin.left,
      iconY: (iconRect?.top ?? textRect.top + (textRect.height - 10) / 2) - origin.top,
      iconSize: iconRect?.width ?? 10,
      textX: textRect.left - origin.left,
      // The span's middle plus ~0.35em is where a sans-serif baseline sits.
      textBaseline: textRect.top + textRect.height / 2 + fontSize * 0.35 - origin.top,
    };
    out.push(entry);
  }
  return out;
}

/** Reads the chart inside `container` (the frame's plot element); null when nothing is drawn yet. */
export function captureChart(container: HTMLElement): CapturedChart | null {
  const svg = findChartSvg(container);
  if (!svg) return null;
  const rect = svg.getBoundingClientRect();
  if (rect.width < 1 || rect.height < 1) return null;
  const width = Math.round(rect.width);
  const height = Math.round(rect.height);
  const markup = serializeWithStyles(svg, null, {
    xmlns: SVG_NS,
    width: String(width),
    height: String(height),
    viewBox: svg.getAttribute('viewBox') ?? `0 0 ${width} ${height}`,
    overflow: 'visible',
  });
  return { plot: { width, height, markup }, legend: readLegend(container, rect) };
}

/** A CSS colour (maybe a var()) as the browser resolves it here, e.g. "rgb(255, 255, 255)". */
function resolveColor(context: Element, css: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  probe.style.display = 'none';
  context.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

/** The theme's colours and font at `context` (the frame), resolved. */
export function readExportTheme(context: Element): ExportTheme {
  return {
    background: resolveColor(context, 'var(--chart-bg)'),
    text: resolveColor(context, 'var(--text-strong)'),
    textDim: resolveColor(context, 'var(--text-dim)'),
    textFaint: resolveColor(context, 'var(--text-dim)'),
    border: resolveColor(context, 'var(--border-strong)'),
    fontFamily: getComputedStyle(document.body).fontFamily,
  };
}

/** Text widths from the canvas, so wrapping in the file matches the font actually used. */
export function canvasMeasure(fontFamily: string): (text: string, size: number, bold?: boolean) => number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return (text, size) => text.length * size * 0.55;
  return (text, size, bold) => {
    ctx.font = `${bold ? 600 : 400} ${size}px ${fontFamily}`;
    return ctx.measureText(text).width;
  };
}

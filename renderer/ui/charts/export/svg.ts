/**
 * Composes the exported image as one standalone SVG string: theme background, title, subtitle, the
 * recharts plot, its legend (drawn back from the capture of recharts' HTML legend: README, Export), and
 * the provenance footer. DOM-free (the DOM capture is capture.ts), so it is tested in Node and its layout
 * is plain arithmetic.
 */

export interface LegendEntry {
  text: string;
  /** The series colour, resolved (no var()): the swatch when there is no icon markup. */
  color: string;
  /** Label colour; default the theme's text colour. */
  textColor?: string;
  /** The legend icon as it was drawn: inner SVG markup (styles inlined) and its viewBox. */
  icon?: { markup: string; viewBox: string };
  /** On-screen placement relative to the plot's top-left, px; omitted: laid out under the plot. */
  at?: { iconX: number; iconY: number; iconSize: number; textX: number; textBaseline: number };
}

export interface ExportTheme {
  background: string;
  text: string;
  textDim: string;
  textFaint: string;
  border: string;
  fontFamily: string;
}

export interface ComposeInput {
  title: string;
  subtitle?: string;
  /** The recharts <svg> element, serialized with its styles inlined; width/height are its size in px. */
  plot: { width: number; height: number; markup: string };
  legend: LegendEntry[];
  /** The provenance line (provenance.ts). */
  footer: string;
  theme: ExportTheme;
  /** Text width in px at a font size; default an estimate (the browser passes canvas measureText). */
  measure?: (text: string, fontSize: number, bold?: boolean) => number;
}

export interface ComposedSvg {
  svg: string;
  width: number;
  height: number;
}

const LAYOUT = {
  pad: 16,
  titleSize: 15,
  subtitleSize: 12,
  legendSize: 12,
  legendIcon: 10,
  footerSize: 10.5,
  lineGap: 1.35,
} as const;

/** A rough width for text in a sans-serif UI font; only decides where long lines wrap. */
function estimateWidth(text: string, fontSize: number, bold = false): number {
  return text.length * fontSize * (bold ? 0.58 : 0.54);
}

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Control characters are not allowed in XML 1.0 at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

/** Breaks text into lines that fit maxWidth, at spaces (a single over-long word is cut). */
export function wrapText(text: string, fits: (line: string) => boolean, maxLines = 4): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next) || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}\u2026`;
    return kept;
  }
  return lines;
}

const num = (v: number) => String(Math.round(v * 100) / 100);

function textBlock(
  lines: string[],
  x: number,
  firstBaseline: number,
  size: number,
  fill: string,
  extra = '',
): { markup: string; bottom: number } {
  const step = size * LAYOUT.lineGap;
  const markup = lines
    .map(
      (l, i) =>
        `<text x="${num(x)}" y="${num(firstBaseline + i * step)}" font-size="${size}" fill="${escapeXml(fill)}"${extra}>${escapeXml(l)}</text>`,
    )
    .join('');
  return { markup, bottom: firstBaseline + (lines.length - 1) * step + size * 0.3 };
}

function swatch(entry: LegendEntry, x: number, y: number, size: number): string {
  if (entry.icon) {
    return `<svg x="${num(x)}" y="${num(y)}" width="${num(size)}" height="${num(size)}" viewBox="${escapeXml(entry.icon.viewBox)}">${entry.icon.markup}</svg>`;
  }
  return `<rect x="${num(x)}" y="${num(y)}" width="${num(size)}" height="${num(size)}" rx="2" fill="${escapeXml(entry.color)}"/>`;
}

export function composeChartSvg(input: ComposeInput): ComposedSvg {
  const { theme, plot } = input;
  const measure = input.measure ?? estimateWidth;
  const { pad } = LAYOUT;
  const width = Math.max(200, Math.ceil(plot.width + 2 * pad));
  const inner = width - 2 * pad;
  const parts: string[] = [];

  // Title and subtitle.
  let y = pad + LAYOUT.titleSize;
  const titleLines = wrapText(input.title, (l) => measure(l, LAYOUT.titleSize, true) <= inner, 2);
  const title = textBlock(titleLines, pad, y, LAYOUT.titleSize, theme.text, ' font-weight="600"');
  parts.push(title.markup);
  y = title.bottom;
  if (input.subtitle) {
    const lines = wrapText(input.subtitle, (l) => measure(l, LAYOUT.subtitleSize) <= inner, 2);
    const sub = textBlock(lines, pad, y + 6 + LAYOUT.subtitleSize, LAYOUT.subtitleSize, theme.textDim);
    parts.push(sub.markup);
    y = sub.bottom;
  }

  // The plot, and the legend items that know where they were on screen.
  const plotTop = Math.ceil(y + 12);
  parts.push(`<g transform="translate(${pad} ${plotTop})">${plot.markup}`);
  for (const entry of input.legend) {
    if (!entry.at) continue;
    const a = entry.at;
    parts.push(swatch(entry, a.iconX, a.iconY, a.iconSize));
    parts.push(
      `<text x="${num(a.textX)}" y="${num(a.textBaseline)}" font-size="${LAYOUT.legendSize}" fill="${escapeXml(entry.textColor ?? theme.text)}">${escapeXml(entry.text)}</text>`,
    );
  }
  parts.push('</g>');
  y = plotTop + plot.height;

  // Legend items without a position: centred rows under the plot.
  const loose = input.legend.filter((e) => !e.at);
  if (loose.length) {
    const icon = LAYOUT.legendIcon;
    const gap = 14;
    const itemWidth = (e: LegendEntry) => icon + 5 + measure(e.text, LAYOUT.legendSize);
    const rows: LegendEntry[][] = [[]];
    let rowWidth = 0;
    for (const e of loose) {
      const w = itemWidth(e);
      const row = rows[rows.length - 1]!;
      if (row.length && rowWidth + gap + w > inner) {
        rows.push([e]);
        rowWidth = w;
      } else {
        rowWidth += (row.length ? gap : 0) + w;
        row.push(e);
      }
    }
    for (const row of rows) {
      const total = row.reduce((s, e, i) => s + itemWidth(e) + (i ? gap : 0), 0);
      let x = pad + Math.max(0, (inner - total) / 2);
      const baseline = y + 8 + LAYOUT.legendSize;
      for (const e of row) {
        parts.push(swatch(e, x, baseline - icon + 1, icon));
        parts.push(
          `<text x="${num(x + icon + 5)}" y="${num(baseline)}" font-size="${LAYOUT.legendSize}" fill="${escapeXml(e.textColor ?? theme.text)}">${escapeXml(e.text)}</text>`,
        );
        x += itemWidth(e) + gap;
      }
      y = baseline + 4;
    }
  }

  // Provenance footer, under a hairline.
  y += 10;
  parts.push(
    `<line x1="${pad}" y1="${num(y)}" x2="${width - pad}" y2="${num(y)}" stroke="${escapeXml(theme.border)}" stroke-width="1"/>`,
  );
  const footerLines = wrapText(input.footer, (l) => measure(l, LAYOUT.footerSize) <= inner, 4);
  const footer = textBlock(
    footerLines,
    pad,
    y + 6 + LAYOUT.footerSize,
    LAYOUT.footerSize,
    theme.textFaint,
    ' class="provenance"',
  );
  parts.push(footer.markup);
  const height = Math.ceil(footer.bottom + pad);

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(theme.fontFamily)}">` +
    `<title>${escapeXml(input.title)}</title>` +
    `<desc>${escapeXml(input.footer)}</desc>` +
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${escapeXml(theme.background)}"/>` +
    parts.join('') +
    '</svg>';
  return { svg, width, height };
}

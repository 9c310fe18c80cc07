/**
 * Chart colours that follow the current theme. They are CSS variables (defined for both themes in
 * renderer/styles/theme.css), so a chart re-colours itself when the theme changes without re-rendering;
 * the exporter resolves them to concrete colours (computed styles) when it writes the SVG.
 *
 *   <Line stroke={seriesColor(0)} />   <CartesianGrid stroke={gridColor} />   <XAxis {...axisProps} />
 *   <Tooltip {...tooltipProps} />      <Bar fill={askColor} />
 */
import type { CSSProperties } from 'react';

/** Distinct series colours per theme (colour-blind aware order: blue, amber, green, magenta, …). */
const SERIES_COUNT = 8;

export function seriesColor(i: number): string {
  const n = ((Math.trunc(i) % SERIES_COUNT) + SERIES_COUNT) % SERIES_COUNT;
  return `var(--chart-series-${n + 1})`;
}

export const gridColor = 'var(--chart-grid)';
const axisColor = 'var(--chart-axis)';
/** Axis tick and label text. */
export const axisTextColor = 'var(--chart-axis-text)';
/** Sell offers (asks) and buy orders (bids), the grid's green and blue. */
export const askColor = 'var(--chart-ask)';
export const bidColor = 'var(--chart-bid)';
/** Reference lines (a median, a threshold). */
export const referenceColor = 'var(--chart-reference)';
export const backgroundColor = 'var(--chart-bg)';

/** Spread onto <XAxis>/<YAxis>: themed line and tick text at the app's small size. */
export const axisProps = {
  stroke: axisColor,
  tick: { fill: axisTextColor, fontSize: 11 },
  tickLine: { stroke: axisColor },
} as const;

/** Spread onto <Tooltip>: recharts' default tooltip is white on white in the light theme's cards. */
export const tooltipProps: {
  contentStyle: CSSProperties;
  labelStyle: CSSProperties;
  itemStyle: CSSProperties;
  cursor: { stroke: string; fill: string };
} = {
  contentStyle: {
    background: 'var(--bg-1)',
    border: '1px solid var(--border-strong)',
    borderRadius: 5,
    color: 'var(--text)',
    fontSize: 12,
    boxShadow: 'var(--shadow)',
  },
  labelStyle: { color: 'var(--text-strong)', fontWeight: 600 },
  itemStyle: { padding: 0 },
  cursor: { stroke: 'var(--chart-axis)', fill: 'var(--chart-cursor)' },
};

/** Spread onto <Legend>: small text; item colours come from the series. */
export const legendProps = {
  iconSize: 10,
  wrapperStyle: { fontSize: 12, color: 'var(--text)' },
} as const;

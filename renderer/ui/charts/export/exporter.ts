/** One chart's files: the composed SVG, its PNG, its CSV, named by file-names.ts. Browser only. */
import type { ChartData, Provenance } from '../types';
import { canvasMeasure, captureChart, readExportTheme } from './capture';
import { buildChartCsv } from './csv';
import { exportFileName, type ExportExtension } from './file-names';
import { provenanceLine } from './provenance';
import { svgToPng, type PngSize } from './raster';
import { composeChartSvg } from './svg';

export interface ExportSource {
  title: string;
  subtitle?: string;
  fileBase: string;
  provenance: Provenance;
  data: ChartData;
  /** The frame's plot element (holds the recharts chart). */
  container: HTMLElement;
}

export interface RenderedSvg {
  svg: string;
  width: number;
  height: number;
  background: string;
}

export interface ExportFile {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

const encoder = new TextEncoder();

export function renderSvg(src: ExportSource): RenderedSvg {
  const captured = captureChart(src.container);
  if (!captured) throw new Error('The chart is not drawn yet; try again in a moment.');
  const theme = readExportTheme(src.container);
  const composed = composeChartSvg({
    title: src.title,
    subtitle: src.subtitle,
    plot: captured.plot,
    legend: captured.legend,
    footer: provenanceLine(src.provenance),
    theme,
    measure: canvasMeasure(theme.fontFamily),
  });
  return { ...composed, background: theme.background };
}

/** The PNG at 2x the on-screen size, or at exactly `size` pixels. */
export async function renderPng(src: ExportSource, size?: PngSize): Promise<Blob> {
  const r = renderSvg(src);
  return svgToPng(r.svg, r, size ?? { width: r.width * 2, height: r.height * 2 }, r.background);
}

function fileName(src: Pick<ExportSource, 'fileBase' | 'provenance'>, ext: ExportExtension): string {
  return exportFileName(src.fileBase, src.provenance.fetchedAt, ext);
}

export function svgFile(src: ExportSource): ExportFile {
  const { svg } = renderSvg(src);
  return {
    name: fileName(src, 'svg'),
    mime: 'image/svg+xml',
    bytes: encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`),
  };
}

export async function pngFile(src: ExportSource, size?: PngSize): Promise<ExportFile> {
  const blob = await renderPng(src, size);
  return { name: fileName(src, 'png'), mime: 'image/png', bytes: new Uint8Array(await blob.arrayBuffer()) };
}

export function csvFile(src: Pick<ExportSource, 'fileBase' | 'provenance' | 'data'>): ExportFile {
  return { name: fileName(src, 'csv'), mime: 'text/csv', bytes: encoder.encode(buildChartCsv(src.data)) };
}

/** PNG (2x), SVG and CSV of one chart, for export-all. */
export async function allFiles(src: ExportSource): Promise<ExportFile[]> {
  return [await pngFile(src), svgFile(src), csvFile(src)];
}

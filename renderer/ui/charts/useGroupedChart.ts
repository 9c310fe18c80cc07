/**
 * A frame's chart within its ChartGroup: the chart shown (in a progressive group, the one the group last
 * gave a turn), the frame registered for the group's "Export all", and the export source read from the
 * latest props (exporters run later: the group's Export all, an async export).
 */
import { useCallback, useEffect, useRef, useState, type ReactElement, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useMoneyFormat } from '../../lib/preferences';
import { useChartGroup } from './ChartGroup';
import { findChartSvg } from './export/capture';
import { withDisplayCurrency } from './export/currency';
import { allFiles, type ExportSource } from './export/exporter';
import type { ChartData, ChartState, Provenance } from './types';

export interface GroupedChartProps {
  id: string;
  title: string;
  subtitle?: string;
  fileBase: string;
  provenance: Provenance;
  data: ChartData;
  children: ReactElement;
}

export function useGroupedChart(
  props: GroupedChartProps,
  state: ChartState,
  frame: RefObject<HTMLElement | null>,
  plot: RefObject<HTMLDivElement | null>,
) {
  const { id, children } = props;
  const group = useChartGroup();
  // Shown in another currency: the CSV adds the converted figures and the rate (export/currency.ts).
  const { conversion } = useMoneyFormat();

  // Progressive groups: the chart shown is the one the group last gave a turn, mounted afresh (key) at the
  // size measured then, so recharts draws it in that turn instead of first rendering empty to measure
  // itself. A new chart (new data) waits for its turn with the previous one still shown: mounting it anew
  // costs less than recharts' update of 600 scatter points. Null: nothing mounted yet.
  const ready = state.status === 'ready';
  const progressive = group?.progressive ?? false;
  const [shown, setShown] = useState<{ chart: ReactElement; width: number; key: number } | null>(null);
  if (shown && !ready) setShown(null);
  const waiting = progressive && ready && shown?.chart !== children;

  const latest = useRef({ props, state, waiting, conversion });
  useEffect(() => {
    latest.current = { props, state, waiting, conversion };
  });

  const source = useCallback((): ExportSource => {
    const p = latest.current.props;
    if (!plot.current) throw new Error('The chart is not drawn yet; try again in a moment.');
    return {
      title: p.title,
      subtitle: p.subtitle,
      fileBase: p.fileBase,
      provenance: p.provenance,
      data: withDisplayCurrency(p.data, latest.current.conversion),
      container: plot.current,
    };
  }, [plot]);

  const isReady = useCallback(
    () =>
      latest.current.state.status === 'ready' &&
      !latest.current.waiting &&
      plot.current !== null &&
      findChartSvg(plot.current) !== null,
    [plot],
  );

  useEffect(() => {
    if (!group) return;
    return group.register({
      id,
      title: () => latest.current.props.title,
      fetchedAt: () => latest.current.props.provenance.fetchedAt,
      ready: isReady,
      settled: () => latest.current.state.status === 'empty' || isReady(),
      element: () => frame.current,
      files: () => allFiles(source()),
    });
  }, [group, id, isReady, source, frame]);

  useEffect(() => {
    if (!group || !waiting) return;
    return group.queue(() => {
      // Rounded as ResponsiveContainer rounds its own measurement, so it finds the same size and keeps it.
      const width = Math.round(plot.current?.getBoundingClientRect().width ?? 0);
      flushSync(() => setShown((prev) => ({ chart: children, width, key: (prev?.key ?? 0) + 1 })));
    });
  }, [group, waiting, children, plot]);

  return { chart: progressive ? shown?.chart : children, shown, waiting, source };
}

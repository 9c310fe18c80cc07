/**
 * The frame every analytics chart sits in: title, subtitle, a Table toggle and the Export menu; the
 * plot area (recharts' ResponsiveContainer around the caller's chart) or its loading / empty / error
 * state. Exports are the whole chart as the analyst sees it (export/*), saved through the host.
 * In a progressive ChartGroup the chart mounts when the group gives it its turn (the plot keeps its
 * size meanwhile, so nothing moves).
 */
import { useId, useRef, useState, type ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import { ErrorNotice } from '../ErrorNotice';
import { Icon } from '../Icon';
import { ChartTable } from './ChartTable';
import { ExportMenu } from './ExportMenu';
import type { ChartData, ChartState, Provenance } from './types';
import { useChartExport } from './useChartExport';
import { useGroupedChart } from './useGroupedChart';
import './charts.css';

export interface ChartFrameProps {
  /** Unique within a view: used in file names (export-all) and element ids. */
  id: string;
  title: string;
  subtitle?: string;
  /** e.g. "ak-47-redline-ft-sales"; the exporter appends the data's date. */
  fileBase: string;
  provenance: Provenance;
  /** What the table shows and the CSV holds. */
  data: ChartData;
  /** Default ready. */
  state?: ChartState;
  /** Px of the plot area, default 280. */
  height?: number;
  /** A recharts chart WITHOUT ResponsiveContainer: the frame wraps it. */
  children: ReactElement;
}

const READY: ChartState = { status: 'ready' };

export function ChartFrame(props: ChartFrameProps) {
  const { id, title, subtitle, data, state = READY, height = 280 } = props;
  const uid = useId();
  const headingId = `${uid}-title`;
  const frame = useRef<HTMLElement>(null);
  const plot = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const { chart, shown, waiting, source } = useGroupedChart(props, state, frame, plot);
  const { busy, message, onExport, naturalSize } = useChartExport(source);
  const ready = state.status === 'ready';

  return (
    <section ref={frame} className="chart-frame" aria-labelledby={headingId} data-chart-id={id}>
      <header className="chart-frame__head">
        <div className="chart-frame__titles">
          <h3 id={headingId} className="chart-frame__title">
            {title}
          </h3>
          {subtitle && <p className="chart-frame__subtitle">{subtitle}</p>}
        </div>
        <div className="chart-frame__tools">
          <button
            type="button"
            className="btn btn--small btn--ghost"
            aria-pressed={showTable}
            disabled={!ready}
            onClick={() => setShowTable((v) => !v)}
          >
            Table
          </button>
          <ExportMenu
            title={title}
            disabled={!ready || waiting}
            busy={busy}
            naturalSize={naturalSize}
            onExport={onExport}
          />
        </div>
      </header>
      <div className="chart-frame__plot" style={{ height }}>
        {ready ? (
          <>
            <div
              className="chart-frame__chart"
              ref={plot}
              aria-hidden={showTable || undefined}
              inert={showTable || undefined}
            >
              {chart && (
                <ResponsiveContainer
                  key={shown?.key}
                  width="100%"
                  height={height}
                  initialDimension={shown ? { width: shown.width, height } : undefined}
                >
                  {chart}
                </ResponsiveContainer>
              )}
            </div>
            {showTable && <ChartTable title={title} data={data} />}
          </>
        ) : (
          <StateView state={state} />
        )}
      </div>
      <p className={`chart-frame__message${message ? ` is-${message.tone}` : ''}`} role="status" aria-live="polite">
        {message?.text ?? ''}
      </p>
    </section>
  );
}

function StateView({ state }: { state: Exclude<ChartState, { status: 'ready' }> }) {
  switch (state.status) {
    case 'loading':
      return (
        <div className="chart-frame__state" role="status">
          <div className="chart-frame__skeleton" aria-hidden="true" />
          <p className="chart-frame__state-text">
            <Icon name="spinner" /> {state.message ?? 'Loading\u2026'}
          </p>
        </div>
      );
    case 'empty':
      return (
        <div className="chart-frame__state">
          <p className="chart-frame__state-text">{state.message}</p>
        </div>
      );
    case 'error':
      return (
        <ErrorNotice
          layout="inline"
          icon
          className="chart-frame__state chart-frame__state--error"
          messageClassName="chart-frame__state-text"
          message={state.message}
          onRetry={state.onRetry}
        />
      );
  }
}

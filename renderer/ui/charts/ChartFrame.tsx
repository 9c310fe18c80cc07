/**
 * The frame every analytics chart sits in: title, subtitle, a Table toggle and the Export menu; the
 * plot area (recharts' ResponsiveContainer around the caller's chart) or its loading / empty / error
 * state. Exports are the whole chart as the analyst sees it (export/*), saved through the host.
 * In a progressive ChartGroup the chart mounts when the group gives it its turn (the plot keeps its
 * size meanwhile, so nothing moves).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { ResponsiveContainer } from 'recharts';
import { formatMoneyExact, MISSING } from '../../../shared/money/money';
import { useConnection } from '../../platform/connection';
import { ErrorNotice } from '../ErrorNotice';
import { Icon } from '../Icon';
import { useMoneyFormat } from '../../lib/preferences';
import { describeError } from '../../platform';
import { useChartGroup } from './ChartGroup';
import { ExportMenu, type ExportAction } from './ExportMenu';
import { findChartSvg } from './export/capture';
import { withDisplayCurrency } from './export/currency';
import {
  allFiles,
  csvFile,
  pngFile,
  renderPng,
  renderSvg,
  svgFile,
  type ExportFile,
  type ExportSource,
} from './export/exporter';
import { chartFormat, useChartFormat, type ChartFormat } from './format';
import type { ChartColumn, ChartData, ChartState, Provenance } from './types';
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
/** Rows the on-screen table shows at most; the CSV always has every row. */
const TABLE_ROW_LIMIT = 1000;

type Message = { text: string; tone: 'ok' | 'error' | 'info' } | null;

export function ChartFrame(props: ChartFrameProps) {
  const { id, title, subtitle, data, state = READY, height = 280, children } = props;
  const uid = useId();
  const headingId = `${uid}-title`;
  const frame = useRef<HTMLElement>(null);
  const plot = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const { api } = useConnection();
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

  // The latest props, for exporters called later (the group's Export all, an async export).
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
  }, []);

  const isReady = useCallback(
    () =>
      latest.current.state.status === 'ready' &&
      !latest.current.waiting &&
      plot.current !== null &&
      findChartSvg(plot.current) !== null,
    [],
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
  }, [group, id, isReady, source]);

  useEffect(() => {
    if (!group || !waiting) return;
    return group.queue(() => {
      // Rounded as ResponsiveContainer rounds its own measurement, so it finds the same size and keeps it.
      const width = Math.round(plot.current?.getBoundingClientRect().width ?? 0);
      flushSync(() => setShown((prev) => ({ chart: children, width, key: (prev?.key ?? 0) + 1 })));
    });
  }, [group, waiting, children]);
  const chart = progressive ? shown?.chart : children;

  // Success notes fade after a while; problems stay until the next action.
  useEffect(() => {
    if (message?.tone !== 'ok') return;
    const t = setTimeout(() => setMessage(null), 12_000);
    return () => clearTimeout(t);
  }, [message]);

  const save = async (file: ExportFile) => {
    const result = await api.saveFile({ suggestedName: file.name, mime: file.mime, bytes: file.bytes });
    if (!result.saved) setMessage({ text: 'Export cancelled.', tone: 'info' });
    else setMessage({ text: result.path ? `Saved to ${result.path}` : `Downloaded ${file.name}`, tone: 'ok' });
  };

  const copyImage = async () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard || typeof clipboard.write !== 'function' || typeof ClipboardItem === 'undefined') {
      setMessage({
        text: 'This window cannot put images on the clipboard. Use PNG (2x) and paste the file instead.',
        tone: 'error',
      });
      return;
    }
    // The item takes the PNG as a promise so the write starts inside the click (browsers require that).
    const png = renderPng(source());
    try {
      await clipboard.write([new ClipboardItem({ 'image/png': png })]);
      setMessage({ text: 'Copied the chart as an image.', tone: 'ok' });
    } catch (e) {
      // A failed drawing rejects the write too; say what actually went wrong.
      const cause = await png.then(
        () => e,
        (drawError: unknown) => drawError,
      );
      const refused = cause instanceof DOMException && cause.name === 'NotAllowedError';
      const host = api.host === 'web' ? 'The browser' : 'The desktop app';
      setMessage({
        text: refused
          ? `${host} did not allow copying the image (${describeError(cause)}). Use PNG (2x) instead.`
          : `Could not copy the image: ${describeError(cause)}`,
        tone: 'error',
      });
    }
  };

  const onExport = (action: ExportAction) => {
    setMessage(null);
    if (action.kind === 'copy') {
      void copyImage();
      return;
    }
    setBusy(true);
    void (async () => {
      try {
        const src = source();
        if (action.kind === 'csv') await save(csvFile(src));
        else if (action.kind === 'svg') await save(svgFile(src));
        else if (action.kind === 'png') await save(await pngFile(src));
        else await save(await pngFile(src, { width: action.width, height: action.height }));
      } catch (e) {
        setMessage({ text: `Could not export: ${describeError(e)}`, tone: 'error' });
      } finally {
        setBusy(false);
      }
    })();
  };

  const naturalSize = () => {
    try {
      const r = renderSvg(source());
      return { width: r.width, height: r.height };
    } catch {
      return null;
    }
  };

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

const NUMERIC = new Set<ChartColumn['kind']>(['count', 'money', 'number', 'percent']);

function cellText(column: ChartColumn, value: string | number | null | undefined, f: ChartFormat): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === 'string') return value;
  switch (column.kind) {
    case 'money':
      return f.money(value);
    case 'count':
      return f.count(value);
    case 'percent':
      return f.percent(value);
    case 'number':
      return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : MISSING;
    case 'text':
      return String(value);
  }
}

/** The chart's numbers as an accessible table (over the plot, scrolling); money exact in the title. */
function ChartTable({ title, data }: { title: string; data: ChartData }) {
  const f = useChartFormat();
  const money = useMoneyFormat();
  const plain = useMemo(() => ({ ...money, conversion: null }), [money]);
  const fPlain = useMemo(() => chartFormat(plain), [plain]);
  const rows = data.rows.slice(0, TABLE_ROW_LIMIT);
  const [first, ...rest] = data.columns;
  const rowHeader = first?.kind === 'text';
  return (
    <div className="chart-frame__table" tabIndex={0} role="region" aria-label={`${title}: data`}>
      <table className="chart-table">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            {data.columns.map((c) => (
              <th key={c.key} scope="col" className={NUMERIC.has(c.kind) ? 'is-num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {rowHeader && first && <th scope="row">{cellText(first, row[first.key], f)}</th>}
              {(rowHeader ? rest : data.columns).map((c) => {
                const v = row[c.key];
                const exact =
                  c.kind === 'money' && typeof v === 'number'
                    ? formatMoneyExact(v, c.unconverted ? plain : money)
                    : undefined;
                return (
                  <td key={c.key} className={NUMERIC.has(c.kind) ? 'is-num' : undefined} title={exact}>
                    {cellText(c, v, c.unconverted ? fPlain : f)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {data.rows.length > rows.length && (
        <p className="chart-table__more">
          Showing {rows.length.toLocaleString('en-US')} of {data.rows.length.toLocaleString('en-US')} rows; the CSV has
          all of them.
        </p>
      )}
      {data.rows.length === 0 && <p className="chart-table__more">No rows.</p>}
    </div>
  );
}

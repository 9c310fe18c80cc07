/**
 * A view's charts, as a group: each ChartFrame inside registers an exporter, and ExportAllButton saves
 * every chart of the group as PNG + SVG + CSV in one new folder (desktop) or one zip (web).
 *
 * A `progressive` group mounts its charts a few at a time, in on-screen order, one task ("turn") each, so
 * a view of several recharts charts never blocks the window for the sum of them. `onPainted` says when
 * every chart shows its data (after `paintKey` changed) and a frame with all of it has been painted.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useConnection } from '../../platform/connection';
import { describeError } from '../../platform';
import type { ExportFile } from './export/exporter';
import { exportStem } from './export/file-names';
import { usePainted } from './usePainted';

/** What a frame gives its group. Functions read the frame's latest props. */
export interface RegisteredChart {
  id: string;
  title(): string;
  fetchedAt(): number;
  /** Drawn and exportable now (state ready, chart measured). */
  ready(): boolean;
  /** Shows what it has to show: its chart drawn, or that there is nothing to draw (not loading, not waiting). */
  settled(): boolean;
  /** Its frame's element, to export in on-screen order. */
  element(): HTMLElement | null;
  files(): Promise<ExportFile[]>;
}

interface ChartGroupValue {
  register(chart: RegisteredChart): () => void;
  charts(): RegisteredChart[];
  /** Frames of a progressive group wait for their turn to mount their chart. */
  progressive: boolean;
  /**
   * Runs render() in a later turn (it renders synchronously, with flushSync); `next`: before the others
   * waiting (a follow-up of a chart just mounted). Returns a cancel.
   */
  queue(render: () => void, next?: boolean): () => void;
}

const ChartGroupContext = createContext<ChartGroupValue | null>(null);

export function useChartGroup(): ChartGroupValue | null {
  return useContext(ChartGroupContext);
}

/** Time one turn may spend mounting charts before it lets the browser paint and handle input. */
const TURN_BUDGET_MS = 50;

/** A task soon, without setTimeout's 4 ms clamp when turns follow each other. */
function nextTask(run: () => void): () => void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
  return () => channel.port1.close();
}

export interface ChartGroupProps {
  name: string;
  /**
   * Mount the charts one task at a time (in on-screen order) rather than all in one. Frames then mount a
   * new chart element anew, so their charts should be memoized (a new element only for new data).
   */
  progressive?: boolean;
  /** What is shown (e.g. the data): when it changes, onPainted is called once its charts are painted. */
  paintKey?: unknown;
  onPainted?(key: unknown): void;
  children: ReactNode;
}

export function ChartGroup({ name, progressive = false, paintKey, onPainted, children }: ChartGroupProps) {
  const registry = useRef(new Map<string, RegisteredChart>());
  const root = useRef<HTMLDivElement>(null);
  /** Work waiting for a turn; `after`: the turn it was queued in (it runs in a later one). */
  const waiting = useRef<{ render: () => void; after: number }[]>([]);
  const turns = useRef(0);
  const turn = useRef<(() => void) | null>(null);

  const value = useMemo<ChartGroupValue>(() => {
    const runTurn = () => {
      turn.current = null;
      const now = ++turns.current;
      const start = performance.now();
      while (performance.now() - start < TURN_BUDGET_MS) {
        // Not what this turn queued: that waits for React's and recharts' own follow-ups in between.
        const i = waiting.current.findIndex((w) => w.after < now);
        if (i < 0) break;
        waiting.current.splice(i, 1)[0]!.render();
      }
      if (waiting.current.length > 0) turn.current = nextTask(runTurn);
    };
    // Stable while the group lives (not re-made when its name changes): charts use it, and a new one
    // would re-render every chart of the view.
    return {
      progressive,
      register(chart) {
        registry.current.set(chart.id, chart);
        return () => {
          if (registry.current.get(chart.id) === chart) registry.current.delete(chart.id);
        };
      },
      charts() {
        // On-screen order, whatever order the frames mounted in. Not ready while the group still has
        // drawing to do: a chart can be up with its marks still to come (useAfterLayout).
        return [...registry.current.values()]
          .sort((a, b) => {
            const ea = a.element();
            const eb = b.element();
            if (!ea || !eb) return 0;
            return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
          })
          .map((c) => ({ ...c, ready: () => waiting.current.length === 0 && c.ready() }));
      },
      queue(render, next = false) {
        const entry = { render, after: turns.current };
        if (next) waiting.current.unshift(entry);
        else waiting.current.push(entry);
        turn.current ??= nextTask(runTurn);
        return () => {
          waiting.current = waiting.current.filter((e) => e !== entry);
        };
      },
    };
  }, [progressive]);

  useEffect(
    () => () => {
      turn.current?.();
      turn.current = null;
    },
    [],
  );

  usePainted(
    root,
    paintKey,
    () => waiting.current.length === 0 && [...registry.current.values()].every((c) => c.settled()),
    onPainted,
  );

  return (
    <ChartGroupContext.Provider value={value}>
      <div ref={root} className="chart-group" role="group" aria-label={name}>
        {children}
      </div>
    </ChartGroupContext.Provider>
  );
}

/**
 * `before` until the chart around it has been laid out, then `value`. recharts draws a chart, then draws it
 * again when its legend has been measured (the plot area shrinks), and marks keyed by position (bars,
 * scatter points) are then made anew: 600 points were drawn three times. In a progressive group the chart's
 * marks come in a turn of their own right after the chart's (later changes apply at once); elsewhere it is
 * `value` at once.
 */
export function useAfterLayout<T>(value: T, before: T): T {
  const group = useChartGroup();
  const progressive = group?.progressive ?? false;
  const [laidOut, setLaidOut] = useState(false);
  useEffect(() => {
    if (!group || !progressive || laidOut) return;
    return group.queue(() => flushSync(() => setLaidOut(true)), true);
  }, [group, progressive, laidOut]);
  return !progressive || laidOut ? value : before;
}

/** Unique names in one folder: a second chart with the same file base gets its id appended. */
export function uniqueNames(files: { chartId: string; file: ExportFile }[]): ExportFile[] {
  const used = new Set<string>();
  return files.map(({ chartId, file }) => {
    let name = file.name;
    if (used.has(name)) {
      const dot = name.lastIndexOf('.');
      const stem = name.slice(0, dot);
      const ext = name.slice(dot);
      const safeId =
        chartId
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 30) || 'chart';
      name = `${stem}-${safeId}${ext}`;
      for (let n = 2; used.has(name); n++) name = `${stem}-${safeId}-${n}${ext}`;
    }
    used.add(name);
    return { ...file, name };
  });
}

type Progress = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'done' | 'error'; text: string };

/** Exports every chart of the enclosing ChartGroup. */
export function ExportAllButton({ fileBase }: { fileBase: string }) {
  const group = useChartGroup();
  const { api } = useConnection();
  const [progress, setProgress] = useState<Progress>({ kind: 'idle' });

  const run = useCallback(async () => {
    if (!group) return;
    const all = group.charts();
    const ready = all.filter((c) => c.ready());
    if (ready.length === 0) {
      setProgress({ kind: 'error', text: 'No chart is ready to export yet.' });
      return;
    }
    try {
      const files: { chartId: string; file: ExportFile }[] = [];
      for (let i = 0; i < ready.length; i++) {
        const chart = ready[i]!;
        setProgress({ kind: 'busy', text: `Exporting ${i + 1} of ${ready.length}\u2026` });
        // Let the progress text paint between charts (each PNG takes a moment).
        await new Promise((r) => setTimeout(r, 0));
        for (const file of await chart.files()) files.push({ chartId: chart.id, file });
      }
      setProgress({ kind: 'busy', text: api.host === 'web' ? 'Making the zip\u2026' : 'Choose a folder\u2026' });
      const newest = Math.max(0, ...ready.map((c) => c.fetchedAt()).filter(Number.isFinite));
      const folderName = exportStem(fileBase, newest);
      const result = await api.saveFiles({
        folderName,
        files: uniqueNames(files).map((f) => ({ name: f.name, bytes: f.bytes })),
      });
      const skipped = all.length - ready.length;
      const what = `${ready.length} chart${ready.length === 1 ? '' : 's'} (${files.length} files)`;
      const note = skipped ? ` ${skipped} chart${skipped === 1 ? ' was' : 's were'} not ready and left out.` : '';
      if (!result.saved) setProgress({ kind: 'done', text: 'Export cancelled.' });
      else if (result.path) setProgress({ kind: 'done', text: `Exported ${what} to ${result.path}.${note}` });
      else setProgress({ kind: 'done', text: `Downloaded ${what} as ${folderName}.zip.${note}` });
    } catch (e) {
      setProgress({ kind: 'error', text: `Could not export: ${describeError(e)}` });
    }
  }, [api, fileBase, group]);

  if (!group) throw new Error('ExportAllButton must be inside a <ChartGroup>.');
  const busy = progress.kind === 'busy';
  return (
    <div className="chart-export-all">
      <button type="button" className="btn btn--small" onClick={() => void run()} disabled={busy}>
        {busy ? 'Exporting\u2026' : 'Export all charts'}
      </button>
      <span
        className={`chart-export-all__status${progress.kind === 'error' ? ' is-error' : ''}`}
        role="status"
        aria-live="polite"
      >
        {progress.kind === 'idle' ? '' : progress.text}
      </span>
    </div>
  );
}

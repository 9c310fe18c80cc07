/**
 * A view's charts, as a group: each ChartFrame inside registers an exporter, and ExportAllButton saves
 * every chart of the group as PNG + SVG + CSV in one new folder (desktop) or one zip (web).
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useConnection } from '../../app/connection';
import { describeError } from '../../platform';
import type { ExportFile } from './export/exporter';
import { exportStem } from './export/file-names';

/** What a frame gives its group. Functions read the frame's latest props. */
export interface RegisteredChart {
  id: string;
  title(): string;
  fetchedAt(): number;
  /** Drawn and exportable now (state ready, chart measured). */
  ready(): boolean;
  /** Its frame's element, to export in on-screen order. */
  element(): HTMLElement | null;
  files(): Promise<ExportFile[]>;
}

interface ChartGroupValue {
  name: string;
  register(chart: RegisteredChart): () => void;
  charts(): RegisteredChart[];
}

const ChartGroupContext = createContext<ChartGroupValue | null>(null);

export function useChartGroup(): ChartGroupValue | null {
  return useContext(ChartGroupContext);
}

export function ChartGroup({ name, children }: { name: string; children: ReactNode }) {
  const registry = useRef(new Map<string, RegisteredChart>());
  const value = useMemo<ChartGroupValue>(
    () => ({
      name,
      register(chart) {
        registry.current.set(chart.id, chart);
        return () => {
          if (registry.current.get(chart.id) === chart) registry.current.delete(chart.id);
        };
      },
      charts() {
        // On-screen order, whatever order the frames mounted in.
        return [...registry.current.values()].sort((a, b) => {
          const ea = a.element();
          const eb = b.element();
          if (!ea || !eb) return 0;
          return ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
        });
      },
    }),
    [name],
  );
  return (
    <ChartGroupContext.Provider value={value}>
      <div className="chart-group" role="group" aria-label={name}>
        {children}
      </div>
    </ChartGroupContext.Provider>
  );
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
      const safeId = chartId.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 30) || 'chart';
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
      <span className={`chart-export-all__status${progress.kind === 'error' ? ' is-error' : ''}`} role="status" aria-live="polite">
        {progress.kind === 'idle' ? '' : progress.text}
      </span>
    </div>
  );
}

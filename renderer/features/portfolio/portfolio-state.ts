/**
 * The portfolio in memory: every game's holdings and sales as read from the store, and the one way to change
 * them (`commit`): the change is written in one transaction first, then shown; a failed write changes nothing
 * on screen and its sentence is kept in `problem` (the page shows it) as well as thrown. Each commit gives
 * back an UndoNote whose Undo writes the reverse change the same way. One instance for the app: the page and
 * the editor dialog (mounted on every page) share it; how tabs of the web host stay in step: `PortfolioRuntime`.
 */
import { useSyncExternalStore } from 'react';
import { errorText } from '../../lib/storage/versioned-db';
import { applyChange, type Edit } from './model/edits';
import type { Holding, Sale } from './model/types';
import { dropUndo, type UndoNote } from './note-state';
import {
  PORTFOLIO_DB,
  PortfolioConflictError,
  portfolioStore,
  PortfolioWriteError,
  writeFailureText,
  type PortfolioChange,
  type PortfolioStore,
} from './store';

export interface PortfolioView {
  /** Whether the first read is done (successfully or not). */
  ready: boolean;
  holdings: readonly Holding[];
  sales: readonly Sale[];
  /** Records left out because they did not pass their schema. */
  invalid: number;
  /** Why the portfolio could not be read; null = it was. */
  loadError: string | null;
  /** The last write's failure, in a sentence; null after a write that worked. */
  problem: string | null;
}

export type { UndoNote } from './note-state';

const byCreated = (a: { created: number; id: string }, b: { created: number; id: string }) =>
  a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * With the web host open in several tabs, a tab that wrote tells the others on a BroadcastChannel and they
 * read the store again (https://html.spec.whatwg.org/multipage/web-messaging.html#broadcasting-to-other-browsing-contexts:
 * a message reaches the other channels of that name, never the sender), so no tab shows, or edits, stale records.
 * A message can come late, and a dialog keeps what it was opened with: so each change also carries the records
 * it was built from (model/edits.ts) and the store refuses it, writing nothing, when another tab changed them.
 * Then this tab reads the store again and says so; a change made elsewhere also drops this tab's Undo.
 */
export class PortfolioRuntime {
  private view: PortfolioView = { ready: false, holdings: [], sales: [], invalid: 0, loadError: null, problem: null };
  private readonly listeners = new Set<() => void>();
  private readonly elsewhere = new Set<() => void>();
  private loading: Promise<void> | null = null;
  /** Writes run one after another, so a quick Undo never overtakes the change it takes back. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: PortfolioStore,
    private readonly channel: BroadcastChannel | null = null,
  ) {
    channel?.addEventListener('message', () => {
      for (const l of [...this.elsewhere]) l();
      void this.reload();
    });
  }

  /** Called when another tab wrote (its Undo notes here no longer apply). */
  onChangedElsewhere(l: () => void): () => void {
    this.elsewhere.add(l);
    return () => void this.elsewhere.delete(l);
  }

  readonly get = (): PortfolioView => this.view;

  readonly subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };

  private set(next: Partial<PortfolioView>): void {
    this.view = { ...this.view, ...next };
    for (const l of [...this.listeners]) l();
  }

  /** Reads the store once (again after `reload`). */
  start(): Promise<void> {
    this.loading ??= this.store.load(null).then(
      (p) => this.set({ ready: true, holdings: p.holdings, sales: p.sales, invalid: p.invalid, loadError: null }),
      (e: unknown) => {
        this.loading = null;
        this.set({
          ready: true,
          loadError: `Your portfolio could not be read: ${e instanceof Error ? e.message : errorText(e)}`,
        });
      },
    );
    return this.loading;
  }

  reload(): Promise<void> {
    // After the writes already queued, so a reload never shows less than this tab wrote.
    const run = this.queue.then(() => {
      this.loading = null;
      return this.start();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  dispose(): void {
    this.channel?.close();
  }

  /** Writes a change, then shows it; rejects (and sets `problem`) when the write fails. */
  write(change: PortfolioChange): Promise<void> {
    const run = this.queue.then(async () => {
      await this.start();
      if (this.view.loadError) throw new Error(this.view.loadError);
      try {
        await this.store.apply(change);
      } catch (e) {
        if (e instanceof PortfolioConflictError) {
          // Show what is on disk now, and why the change was not made.
          this.loading = null;
          await this.start();
          for (const l of [...this.elsewhere]) l();
          this.set({ problem: e.message });
          throw e;
        }
        const text = e instanceof PortfolioWriteError ? e.message : writeFailureText(e);
        this.set({ problem: text });
        throw e instanceof PortfolioWriteError ? e : new PortfolioWriteError(text, false, e);
      }
      this.set({
        problem: null,
        holdings: applyChange(this.view.holdings, change.clear, change.deleteHoldings, change.putHoldings).sort(
          byCreated,
        ),
        sales: applyChange(this.view.sales, change.clear, change.deleteSales, change.putSales).sort(byCreated),
      });
      this.channel?.postMessage('changed');
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Writes an edit and returns its note, whose Undo writes the reverse (and can itself fail, in `problem`). */
  async commit(edit: Edit): Promise<UndoNote> {
    await this.write(edit.change);
    return { text: edit.text, undo: () => this.write(edit.undo) };
  }

  clearProblem(): void {
    this.set({ problem: null });
  }
}

let shared: PortfolioRuntime | null = null;

export function portfolioRuntime(): PortfolioRuntime {
  if (!shared) {
    shared = new PortfolioRuntime(
      portfolioStore(),
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(PORTFOLIO_DB) : null,
    );
    shared.onChangedElsewhere(dropUndo);
    void shared.start();
  }
  return shared;
}

export function usePortfolio(): PortfolioView {
  const r = portfolioRuntime();
  return useSyncExternalStore(r.subscribe, r.get, r.get);
}

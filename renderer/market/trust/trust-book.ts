/**
 * The data worker's trust of every game it polls: each game's state, read back from the store at the
 * game's first poll of a run, updated at every poll (trust.ts) and saved now and then (trust-store.ts).
 * Polls of one game are observed one after the other, in the order they arrive.
 */
import { emptyGameTrust, trustOfPoll, type GameTrust, type TrustSnapshot } from './trust';
import {
  fromRecord,
  problemText,
  SAVE_EVERY_MS,
  SAVE_EVERY_POLL_CELLS,
  toRecord,
  type TrustStore,
} from './trust-store';
import type { TrustData } from './types';

interface Entry {
  g: GameTrust;
  queue: Promise<unknown>;
  lastSaveAt: number;
  saving: boolean;
  /** A save was due while one was being written: written after it. */
  pending: boolean;
  /** Why the ages cannot be kept (open or write failure), until a write succeeds. */
  problem: string | undefined;
  /** Said with the next poll only: the saved record could not be read back. */
  once: string | undefined;
}

export class TrustBook {
  private readonly games = new Map<number, Entry>();

  constructor(
    private readonly store: TrustStore | null,
    private readonly saveEveryMs = SAVE_EVERY_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  private entry(game: number): Entry {
    let e = this.games.get(game);
    if (!e) {
      const created: Entry = {
        g: emptyGameTrust(game),
        queue: Promise.resolve(),
        lastSaveAt: -Infinity,
        saving: false,
        pending: false,
        problem: undefined,
        once: undefined,
      };
      created.queue = this.restore(created, game);
      this.games.set(game, created);
      e = created;
    }
    return e;
  }

  private async restore(e: Entry, game: number): Promise<void> {
    if (!this.store) return;
    try {
      const raw = await this.store.load(game);
      if (raw === null) return;
      const got = fromRecord(raw, game);
      if (got) {
        e.g = { ...emptyGameTrust(game), ages: got.ages, stalls: got.stalls };
        e.lastSaveAt = this.clock();
      } else {
        e.once =
          'The saved quote ages could not be read back (saved by another version, or damaged): they start again from this poll.';
      }
    } catch (err) {
      e.problem = problemText(err);
    }
  }

  /** Starts reading the game's saved ages (once a run), so a poll's answer does not wait for it. */
  prepare(game: number): void {
    this.entry(game);
  }

  /** The trust of `snap`, polled at `at`, after the polls of its game before it. */
  observe(snap: TrustSnapshot, at: number): Promise<TrustData> {
    const e = this.entry(snap.game);
    const run = e.queue.then(() => {
      const t = trustOfPoll(e.g, snap, at);
      this.maybeSave(e);
      const problem = e.problem ?? e.once;
      e.once = undefined;
      return problem !== undefined ? { ...t, storeProblem: problem } : t;
    });
    e.queue = run.catch(() => undefined);
    return run;
  }

  /** Saves after the first poll of a run and then at most every saveEveryMs (small games: every poll); never two writes of a game at once. */
  private maybeSave(e: Entry): void {
    if (!this.store) return;
    if (e.saving) {
      e.pending = true;
      return;
    }
    const t = this.clock();
    // A small game's record (a few MB at most) is written at every poll; a big one at most every saveEveryMs.
    const ages = e.g.ages;
    const cells = ages.names.length * (ages.ask.markets.length + ages.bid.markets.length);
    if (cells > SAVE_EVERY_POLL_CELLS && t - e.lastSaveAt < this.saveEveryMs) return;
    e.saving = true;
    e.lastSaveAt = t;
    const store = this.store;
    // After the poll's answer is posted: the record is built from the state as it is then.
    setTimeout(() => {
      store
        .save(toRecord(e.g.ages, e.g.stalls, this.clock()))
        .then(
          () => {
            e.problem = undefined;
          },
          (err: unknown) => {
            e.problem = problemText(err);
          },
        )
        .finally(() => {
          e.saving = false;
          if (e.pending) {
            e.pending = false;
            this.maybeSave(e);
          }
        });
    }, 0);
  }

  /** Waits for the game's pending work and write (tests, closing). */
  async flush(game: number): Promise<void> {
    const e = this.games.get(game);
    if (!e) return;
    await e.queue;
    for (let i = 0; i < 2000 && e.saving; i++) await new Promise((r) => setTimeout(r, 5));
  }
}

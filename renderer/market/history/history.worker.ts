/**
 * The history worker: change detection and IndexedDB writes off the UI thread. Requests are handled one
 * at a time in arrival order (a read after a poll sees that poll), except a view's reads during a poll's
 * write, answered between its slices (between-slices.ts).
 */
import { NewerDatabaseError } from '../../lib/storage/versioned-db';
import { HistoryStore, HistoryWriteError } from './store';
import type { HistoryRequest, HistoryResponse, InputHint } from './protocol';
import { readPortfolio } from './portfolio-series';
import { inputQuiet } from './input-quiet';
import { betweenSlices } from './between-slices';

interface WorkerScope {
  postMessage(message: unknown, options: { transfer: Transferable[] }): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<HistoryRequest | InputHint>) => void): void;
}

const scope = self as unknown as WorkerScope;

/** The user's scrolls and keys (the page's InputHint): a poll's write gives way to them. */
const quiet = inputQuiet();
/** A view's reads that come while a poll is written are answered at its pauses. */
const between = betweenSlices();

let storeP: Promise<HistoryStore> | null = null;
const store = (): Promise<HistoryStore> =>
  (storeP ??= HistoryStore.open(undefined, {
    onBlocked: (text) => scope.postMessage({ notice: 'blocked', text } satisfies HistoryResponse, { transfer: [] }),
    beforeSlice: () => between.pause(quiet.wait),
    extendSlice: () => quiet.still() && !between.waiting(),
  }).then(
    (s) => {
      migrateSoon();
      return s;
    },
    (e: unknown) => {
      // Not kept: a later request tries again (the newer tab may be gone, the disk back).
      storeP = null;
      throw e;
    },
  ));
let queue: Promise<unknown> = Promise.resolve();

/** Pause between two background steps: polls and reads queued meanwhile go first. */
const STEP_PAUSE_MS = 30;
const running = new Set<string>();

/**
 * Background work in steps (one short transaction each) in the request queue, so a poll or a chart read
 * waits at most one step: `step` until it says done. A failure stops it and is told (`fail`).
 */
function inSteps(
  name: string,
  step: (s: HistoryStore) => Promise<boolean>,
  fail: (e: unknown) => void,
  ok?: () => void,
): void {
  if (running.has(name)) return;
  running.add(name);
  const run = () => {
    queue = queue.then(async () => {
      try {
        if (!(await step(await store()))) {
          setTimeout(run, STEP_PAUSE_MS);
          return;
        }
        running.delete(name);
        ok?.();
      } catch (e) {
        running.delete(name);
        fail(e);
      }
    });
  };
  setTimeout(run, STEP_PAUSE_MS);
}

const notice = (text: string | null) =>
  scope.postMessage({ notice: 'migrate', text } satisfies HistoryResponse, { transfer: [] });

/**
 * Re-encodes an older version's chunks (HistoryStore.migrateStep). Stopped by a failure (shown in
 * Settings; the chunks are still read as they are) and tried again at the next start.
 */
function migrateSoon(): void {
  inSteps(
    'migrate',
    async (s) => (await s.migrateStep()).done,
    (e) =>
      notice(
        `Could not convert the price history saved by an earlier version to the compact format: ${errorText(e)}. It is still shown as it is; the next start tries again.`,
      ),
    () => notice(null),
  );
}

/** Consolidates what is old enough (tiers.ts), after a poll; a failure is told and tried again after the next poll. */
function consolidateSoon(after?: number, dailyAfter?: number): void {
  inSteps(
    'consolidate',
    async (s) => (await s.consolidateStep(Date.now(), undefined, after, dailyAfter)).done,
    (e) =>
      notice(
        `Could not consolidate older price history to hourly or daily values: ${errorText(e)}. It stays at full resolution (and takes more space); the next refresh tries again.`,
      ),
  );
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function handle(req: HistoryRequest): Promise<{ result: unknown; transfer: Transferable[] }> {
  const s = await store();
  switch (req.op) {
    case 'record': {
      const r = await between.during(() => s.record(req.poll, req.limits));
      consolidateSoon(req.limits.fullResolutionMs, req.limits.dailyAfterMs);
      return { result: r, transfer: [] };
    }
    case 'follow':
      await s.setFollowed(req.game, req.source, req.names);
      return { result: null, transfer: [] };
    case 'consolidate': {
      // Without a time (Settings' shorter full-resolution or hourly time): in the background, in steps.
      if (req.now === undefined) {
        consolidateSoon(req.afterMs, req.dailyAfterMs);
        return { result: 0, transfer: [] };
      }
      // At a given time (a test's or a tool's call): every step now.
      let items = 0;
      for (;;) {
        const p = await s.consolidateStep(req.now, undefined, req.afterMs, req.dailyAfterMs);
        items += p.items;
        if (p.done) break;
      }
      return { result: items, transfer: [] };
    }
    case 'item': {
      const keep = req.markets ? new Set(req.markets) : null;
      const h = await s.readItem(
        req.game,
        req.name,
        req.from,
        req.to,
        req.slots,
        keep ? (k) => keep.has(k) : undefined,
      );
      return {
        result: h,
        transfer: [h.times.buffer, h.bestAsk.buffer, h.bestBid.buffer, ...h.values.map((v) => v.buffer)],
      };
    }
    case 'sparks': {
      const r = await s.readSparks(req.game, req.names, req.from, req.to, req.slots, req.askMarkets);
      return { result: r, transfer: r.flatMap((a) => (a ? [a.buffer] : [])) };
    }
    case 'portfolio': {
      const { req: q } = req;
      const r = await readPortfolio(s, q);
      return {
        result: r,
        transfer: [
          r.times.buffer,
          r.sellNow.buffer,
          r.listLowest.buffer,
          r.sellNowMissing.buffer,
          r.listLowestMissing.buffer,
        ],
      };
    }
    case 'usage':
      return { result: await s.usage(), transfer: [] };
    case 'enforce':
      return { result: await s.enforce(req.limits), transfer: [] };
    case 'clear':
      await s.clear(Date.now());
      return { result: null, transfer: [] };
    case 'forget':
      s.forget();
      return { result: null, transfer: [] };
  }
}

scope.addEventListener('message', (e) => {
  if ('hint' in e.data) {
    quiet.told();
    return;
  }
  const req = e.data;
  const view = req.op === 'portfolio' || (req.op === 'item' && req.view === true);
  if (view && between.offer(() => respond(req))) return;
  queue = queue.then(() => respond(req));
});

/** Handles one request and posts its answer (or its error: a caller never waits forever). */
async function respond(req: HistoryRequest): Promise<void> {
  let msg: HistoryResponse;
  let transfer: Transferable[] = [];
  try {
    const r = await handle(req);
    msg = { id: req.id, ok: true, result: r.result };
    transfer = r.transfer;
  } catch (err) {
    const code = err instanceof HistoryWriteError ? 'write' : err instanceof NewerDatabaseError ? 'newer' : undefined;
    msg = {
      id: req.id,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
      ...(code ? { code } : {}),
    };
  }
  try {
    // Each buffer once: two views of one buffer in a transfer list make postMessage throw (DataCloneError).
    scope.postMessage(msg, { transfer: [...new Set(transfer)] });
  } catch (err) {
    // An answer that cannot be sent is still an answer: the caller gets the error, never a wait forever.
    scope.postMessage(
      {
        id: req.id,
        ok: false,
        error: `The price history's answer could not be sent: ${err instanceof Error ? err.message : String(err)}`,
      } satisfies HistoryResponse,
      { transfer: [] },
    );
  }
}

/**
 * "Fetch from Steam": the host reads a public inventory (profile link or SteamID64), page by page and
 * politely (it waits out a 429's Retry-After; the wait is shown), with progress and Cancel. A private, empty
 * or unreadable inventory is said in the host's sentence. The items then go through the same preview as a
 * saved inventory file before anything is added. The market data service's key never goes to Steam: the
 * host's fetcher has no access to it.
 *
 * A public fetch sees what Steam shows any visitor, and the dialog says so before and after: not CS2's
 * trade-protected items, not CS2 items bought or received in a trade in the last 10 days, and no trade-lock
 * dates (backend/steam-inventory/fetch-inventory.ts cites the sources). The host's notes on the result say
 * what this fetch left out.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import type { SteamInventoryProgress } from '../../../shared/steam/inventory';
import { useMoneyFormat } from '../../lib/preferences';
import { useItemNames } from '../../market/item-names';
import { useConnection } from '../../platform/connection';
import { acceptedDrafts, importParsers } from './import-parsers';
import { ImportPreviewTable, previewCounts } from './ImportPreviewTable';
import { importDrafts } from './model/edits';
import type { ImportPreview } from './model/types';
import { PfDialog } from './PfDialog';
import { portfolioRuntime, type UndoNote } from './portfolio-state';

/** What a fetch without the owner's Steam sign-in cannot see, said before fetching. */
function visibilityText(game: GameId): string {
  const hidden =
    game === 730 ? 'trade-protected items, items bought or received in a trade in the last 10 days, or ' : '';
  return `A public fetch sees what Steam shows any visitor: not ${hidden}trade-lock dates. For those, import the inventory file you save while signed in to Steam (Import… › Steam inventory JSON file).`;
}

function progressText(p: SteamInventoryProgress): string {
  const of = p.total !== null ? ` of ${p.total.toLocaleString('en-US')}` : '';
  if (p.stage === 'resolving') return 'Finding the profile…';
  if (p.stage === 'waiting')
    return `Steam asked to slow down: waiting ${Math.ceil((p.waitMs ?? 0) / 1000)} s… (${p.assets.toLocaleString('en-US')} items read so far)`;
  return `Reading inventory context ${p.context}: page ${p.pages}, ${p.assets.toLocaleString('en-US')}${of} items…`;
}

export function SteamFetchDialog({
  game,
  onClose,
  onDone,
}: {
  game: GameId;
  onClose(): void;
  onDone(note: UndoNote): void;
}) {
  const { api } = useConnection();
  const money = useMoneyFormat();
  const names = useItemNames(game);
  const [profile, setProfile] = useState('');
  const [progress, setProgress] = useState<SteamInventoryProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [notes, setNotes] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const id = useId();
  const ctx = useMemo(() => ({ game, names, now: Date.now() }), [game, names]);
  // Closing the dialog cancels a fetch under way.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const p = profile.trim();
    if (!p) {
      setProblem('Paste a Steam profile link (steamcommunity.com/profiles/… or /id/…) or a SteamID64.');
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setProblem(null);
    setPreview(null);
    setNotes([]);
    setProgress(null);
    try {
      const result = await api.fetchSteamInventory(
        { profile: p, appId: game },
        { onProgress: setProgress, signal: controller.signal },
      );
      if (controller.signal.aborted) return;
      if (!result.ok) setProblem(result.reason === 'cancelled' ? 'Cancelled: nothing was read.' : result.message);
      else {
        setNotes(result.notes ?? []);
        if (result.inventory.assets.length === 0) setProblem('This inventory is empty: there is nothing to import.');
        else setPreview(importParsers.steamInventory(result.inventory, ctx));
      }
    } catch (e) {
      setProblem(`The inventory could not be fetched: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      if (abort.current === controller) abort.current = null;
      setRunning(false);
    }
  };

  const counts = preview && !preview.fatal ? previewCounts(preview) : null;
  const accept = async () => {
    if (!preview) return;
    const drafts = acceptedDrafts(preview, game);
    setBusy(true);
    try {
      onDone(await portfolioRuntime().commit(importDrafts(drafts, Date.now())));
      onClose();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PfDialog
      title="Fetch from Steam"
      subtitle="A public inventory; nothing is added until you check the preview."
      onClose={onClose}
      testId="pf-steam-dialog"
      wide
    >
      <form
        className="pf-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!running) void start();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-profile`}>
            Steam profile link or SteamID64
          </label>
          <div className="pf-inline">
            <input
              id={`${id}-profile`}
              className="input pf-grow"
              placeholder="https://steamcommunity.com/profiles/7656119…"
              value={profile}
              disabled={running}
              spellCheck={false}
              onChange={(e) => setProfile(e.target.value)}
            />
            {running ? (
              <button type="button" className="btn" onClick={() => abort.current?.abort()}>
                Cancel
              </button>
            ) : (
              <button type="submit" className="btn btn--primary">
                Fetch
              </button>
            )}
          </div>
        </div>
        <p className="field__hint" data-testid="pf-steam-visibility">
          {visibilityText(game)}
        </p>
        <p className="field__hint" role="status" data-testid="pf-steam-progress">
          {running ? (progress ? progressText(progress) : 'Asking Steam…') : ''}
        </p>
        {problem ? (
          <p className="pf-problem" role="alert" data-testid="pf-steam-problem">
            {problem}
          </p>
        ) : null}
        {notes.length > 0 ? (
          <ul className="field__hint" aria-label="Not included" data-testid="pf-steam-notes">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
        {preview?.fatal ? (
          <p className="pf-problem" role="alert">
            {preview.fatal}
          </p>
        ) : null}
        {preview && !preview.fatal ? <ImportPreviewTable preview={preview} money={money} /> : null}
        <footer className="pf-form__foot">
          <span className="pf-spacer" />
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!counts || counts.ok === 0 || busy}
            onClick={() => void accept()}
          >
            {counts && counts.ok > 0 ? `Import ${counts.ok} ${counts.ok === 1 ? 'holding' : 'holdings'}` : 'Import'}
          </button>
        </footer>
      </form>
    </PfDialog>
  );
}

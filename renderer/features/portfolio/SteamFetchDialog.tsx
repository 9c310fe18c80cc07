/**
 * "Fetch from Steam": the host reads a public inventory (profile link or SteamID64) page by page, waiting out
 * a 429's Retry-After (the wait is shown), with progress and Cancel; a private, empty or unreadable inventory
 * is said in the host's sentence. The items go through the same preview as a saved inventory file before
 * anything is added. The service's key never goes to Steam: the host's fetcher has no access to it. A public
 * fetch sees what Steam shows any visitor (not CS2's trade-protected items nor those traded in the last 10 days,
 * no trade-lock dates; backend/steam-inventory/fetch-inventory.ts cites the sources); the dialog says so.
 */
import { useId } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import type { SteamInventoryProgress } from '../../../shared/steam/inventory';
import { useMoneyFormat } from '../../lib/preferences';
import { ImportPreviewTable } from './ImportPreviewTable';
import { PfDialog } from './PfDialog';
import type { UndoNote } from './portfolio-state';
import { useSteamFetch } from './useSteamFetch';

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
  const money = useMoneyFormat();
  const id = useId();
  const { profile, setProfile, progress, running, problem, preview, notes, busy, counts, start, cancel, accept } =
    useSteamFetch(game, onClose, onDone);

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
              <button type="button" className="btn" onClick={cancel}>
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

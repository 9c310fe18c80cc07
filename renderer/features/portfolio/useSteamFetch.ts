/** The "Fetch from Steam" dialog's model: the profile typed, the fetch with its progress and Cancel, the preview and the import. */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import type { SteamInventoryProgress } from '../../../shared/steam/inventory';
import { useItemNames } from '../../market/item-names';
import { useConnection } from '../../platform/connection';
import { acceptedDrafts, importParsers } from './import-parsers';
import { previewCounts } from './ImportPreviewTable';
import { importDrafts } from './model/edits';
import type { ImportPreview } from './model/types';
import { portfolioRuntime, type UndoNote } from './portfolio-state';

export function useSteamFetch(game: GameId, onClose: () => void, onDone: (note: UndoNote) => void) {
  const { api } = useConnection();
  const names = useItemNames(game);
  const [profile, setProfile] = useState('');
  const [progress, setProgress] = useState<SteamInventoryProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [notes, setNotes] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
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
  const cancel = () => abort.current?.abort();

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

  return { profile, setProfile, progress, running, problem, preview, notes, busy, counts, start, cancel, accept };
}

/**
 * Export of the routes shown, as CSV with provenance, through the streamed export path the grid's export
 * takes (history/export/text-file.ts exportCsvToHost: the host's save dialog on the desktop, a download on
 * the web; no file in memory).
 */
import { useState } from 'react';
import { GAMES, gameName } from '../../../shared/catalog/games';
import type { MoneyFormat } from '../../../shared/money/money';
import { nextTask } from '../../lib/next-task';
import { exportCsvToHost } from '../../market/history/export/text-file';
import type { ScanRule } from '../../market/scanner/rules';
import type { Route } from '../../market/scanner/scan';
import { describeError } from '../../platform';
import { useConnection } from '../../platform/connection';
import { useMoneyFormat } from '../../lib/preferences';
import { routeCsvBlocks } from './route-csv';

const BLOCK_ROWS = 2000;

export interface RouteExportProps {
  game: number;
  rule: ScanRule;
  routes: readonly Route[];
  pollAt: number | null;
  money: MoneyFormat;
  nameOf(slug: string): string;
  setMessage(text: string): void;
}

export function RouteExportButton({ game, rule, routes, pollAt, setMessage }: RouteExportProps) {
  const { api } = useConnection();
  const { conversion } = useMoneyFormat();
  const [busy, setBusy] = useState(false);
  const run = () => {
    if (busy || pollAt === null) return;
    setBusy(true);
    const rows = [...routes];
    void (async () => {
      try {
        const stamp = new Date(pollAt).toISOString().slice(0, 16).replace(/[:T]/g, '-');
        const stem = `market-desk-routes-${GAMES.find((g) => g.id === game)?.key ?? game}-${rule.id}-${stamp}`;
        const blocks = routeCsvBlocks(rows, { rule: rule.name, pollAt, game: gameName(game), currency: conversion ?? null }, BLOCK_ROWS);
        const done = await exportCsvToHost(api, stem, blocks, { rows: rows.length, blockRows: BLOCK_ROWS }, nextTask);
        setMessage(!done ? 'Export cancelled' : `Exported ${rows.length} routes as CSV${done.path ? ` to ${done.path}` : ''}`);
      } catch (e) {
        setMessage(`Could not export: ${describeError(e)}`);
      } finally {
        setBusy(false);
      }
    })();
  };
  return (
    <button type="button" className="sc-export" onClick={run} disabled={busy || pollAt === null || routes.length === 0} data-testid="scanner-export-csv">
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}

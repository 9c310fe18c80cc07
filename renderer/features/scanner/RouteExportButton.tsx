/**
 * Export of the routes shown, as CSV or Parquet with provenance, through the streamed export path the
 * grid's and the history's exports take (history/export: exportCsvToHost for the CSV, exportFileToHost with
 * the history's Parquet writer for Parquet: the host's save dialog on the desktop, a download on the web).
 */
import { useState } from 'react';
import { GAMES, gameName } from '../../../shared/catalog/games';
import type { MoneyFormat } from '../../../shared/money/money';
import { nextTask } from '../../lib/next-task';
import { exportFileToHost } from '../../market/history/export/host-sink';
import { exportCsvToHost } from '../../market/history/export/text-file';
import type { ScanRule } from '../../market/scanner/rules';
import type { Route } from '../../market/scanner/scan';
import { describeError } from '../../platform';
import { useConnection } from '../../platform/connection';
import { useMoneyFormat } from '../../lib/preferences';
import { routeCsvBlocks } from './route-csv';
import { writeRouteParquet } from './route-parquet';

const BLOCK_ROWS = 2000;
/** About what a route takes in the Parquet file (the save dialog's size estimate only). */
const PARQUET_ROW_BYTES = 120;

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
  const run = (format: 'csv' | 'parquet') => {
    if (busy || pollAt === null) return;
    setBusy(true);
    const rows = [...routes];
    void (async () => {
      try {
        const stamp = new Date(pollAt).toISOString().slice(0, 16).replace(/[:T]/g, '-');
        const stem = `market-desk-routes-${GAMES.find((g) => g.id === game)?.key ?? game}-${rule.id}-${stamp}`;
        let done: { path: string } | null;
        if (format === 'csv') {
          const blocks = routeCsvBlocks(
            rows,
            { rule: rule.name, pollAt, game: gameName(game), currency: conversion ?? null },
            BLOCK_ROWS,
          );
          done = await exportCsvToHost(api, stem, blocks, { rows: rows.length, blockRows: BLOCK_ROWS }, nextTask);
        } else {
          done = await exportFileToHost(api, stem, `${stem}.parquet`, 1024 + rows.length * PARQUET_ROW_BYTES, (sink) =>
            writeRouteParquet(sink, rows, { rule, pollAt, game: gameName(game) }),
          );
        }
        setMessage(
          !done
            ? 'Export cancelled'
            : `Exported ${rows.length} routes as ${format === 'csv' ? 'CSV' : 'Parquet'}${done.path ? ` to ${done.path}` : ''}`,
        );
      } catch (e) {
        setMessage(`Could not export: ${describeError(e)}`);
      } finally {
        setBusy(false);
      }
    })();
  };
  const off = busy || pollAt === null || routes.length === 0;
  return (
    <>
      <button
        type="button"
        className="sc-export"
        onClick={() => run('csv')}
        disabled={off}
        data-testid="scanner-export-csv"
      >
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      <button
        type="button"
        className="sc-export"
        onClick={() => run('parquet')}
        disabled={off}
        data-testid="scanner-export-parquet"
      >
        {busy ? 'Exporting…' : 'Export Parquet'}
      </button>
    </>
  );
}

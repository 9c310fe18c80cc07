/** The value-over-time chart's model: the range, the history read for it (one worker request), and the chart's data. */
import { useEffect, useMemo, useState } from 'react';
import { history, useHistoryVersion } from '../../../market/history/client';
import type { PortfolioSeries } from '../../../market/history/portfolio-series';
import { useMoneyFormat } from '../../../lib/preferences';
import { useCurrency } from '../../../market/currency/context';
import { datedConverter } from '../../../market/currency/dated';
import type { HoldingRow } from '../model/types';
import {
  convertValueChartData,
  seriesRequest,
  valueChartData,
  VALUE_RANGES,
  type SeriesSettings,
  type ValueRangeId,
} from './value-over-time';

interface SeriesResult {
  key: string;
  series: PortfolioSeries | null;
  error: string | null;
  at: number;
}

export function useValueOverTime(rows: readonly HoldingRow[], settings: SeriesSettings) {
  const [range, setRange] = useState<ValueRangeId>('7d');
  const version = useHistoryVersion();
  const money = useMoneyFormat();
  const currency = useCurrency();
  // In another currency, each point at the rate of its own day.
  const conv = useMemo(() => datedConverter(currency, money), [currency, money]);
  const [result, setResult] = useState<SeriesResult | null>(null);
  const { game, askMarkets, bidMarkets, fees, feeKnown, net } = settings;
  const r = VALUE_RANGES.find((x) => x.id === range) ?? VALUE_RANGES[0];
  // The history changes after every poll, but reading 30 days again each minute would show nothing new at
  // 4-hour steps: a recorded change starts a new read only once a slot's time has passed since the last.
  const slotMs = Number.isFinite(r.ms) ? r.ms / r.slots : 3_600_000;
  const [epoch, setEpoch] = useState(() => Math.floor(Date.now() / slotMs));
  useEffect(() => setEpoch(Math.floor(Date.now() / slotMs)), [slotMs, version]);
  const req = useMemo(
    () => ({ ...seriesRequest(rows, { game, askMarkets, bidMarkets, fees, feeKnown, net }, range, Date.now()), epoch }),
    [rows, game, askMarkets, bidMarkets, fees, feeKnown, net, range, epoch],
  );
  const key = JSON.stringify([req.game, req.items, range, req.asks, req.bids, epoch]);

  useEffect(() => {
    let live = true;
    if (req.items.length === 0) return;
    const t0 = performance.now();
    const { epoch: _e, ...body } = req;
    history.portfolio(body).then(
      (series) => {
        if (!live) return;
        performance.mark('portfolio:value-series', {
          detail: { ms: performance.now() - t0, items: req.items.length, points: series.points },
        });
        setResult({ key, series, error: null, at: req.to });
      },
      (e: unknown) =>
        live && setResult({ key, series: null, error: e instanceof Error ? e.message : String(e), at: req.to }),
    );
    return () => {
      live = false;
    };
  }, [req, key]);

  const current = result?.key === key ? result : null;
  const series = current?.series ?? null;
  const data = useMemo(() => {
    if (!series) return { columns: [], rows: [] };
    const plain = valueChartData(series);
    return conv ? convertValueChartData(plain, conv, currency.service, currency.display) : plain;
  }, [series, conv, currency.service, currency.display]);
  const oldest = conv && data.rows.length ? conv.oldestUsed() : null;
  return { range, setRange, resolution: r.resolution, items: req.items.length, current, series, data, conv, oldest };
}

/** The value-over-time chart's model: the range, the history read for it (one worker request), the chart's data and its words. */
import { useEffect, useMemo, useState } from 'react';
import { history, useHistoryVersion } from '../../../market/history/client';
import type { PortfolioSeries } from '../../../market/history/portfolio-series';
import { gameName } from '../../../../shared/catalog/games';
import { useMoneyFormat } from '../../../lib/preferences';
import { useConnection } from '../../../platform/connection';
import { chartFormat } from '../../../ui/charts/format';
import type { Provenance } from '../../../ui/charts/types';
import { useCurrency } from '../../../market/currency/context';
import { datedConverter } from '../../../market/currency/dated';
import type { HoldingRow } from '../model/types';
import {
  convertValueChartData,
  seriesRequest,
  valueChartData,
  valueChartState,
  valueChartSubtitle,
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

export function useValueOverTime(
  rows: readonly HoldingRow[],
  settings: SeriesSettings,
  nameOf: (slug: string) => string,
) {
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
  const f = useMemo(() => chartFormat(conv?.format ?? money), [conv, money]);
  const { status } = useConnection();
  const provenance: Provenance = {
    fetchedAt: current?.at ?? Date.now(),
    source:
      status?.state === 'demo' || !status?.baseUrl
        ? 'Demo data (built-in reference service)'
        : `${status.baseUrl.replace(/^https?:\/\//, '').replace(/\/.*$/, '')} (local price history)`,
    game: gameName(game),
    markets: [...new Set([...askMarkets, ...bidMarkets])].map(nameOf),
  };
  /** The time the drawn points span, which picks the axis labels (times of day up to a day, else dates). */
  const span =
    series && series.times.length
      ? (series.times[series.times.length - 1] as number) - (series.first ?? 0)
      : 86_400_000;
  const subtitle = valueChartSubtitle({
    resolution: r.resolution,
    net,
    convertedTo: conv ? currency.display : null,
    oldestRateDate: oldest?.date ?? null,
    noHistory: series?.noHistory ?? [],
  });
  return { range, setRange, data, f, state: valueChartState(req.items.length, current), provenance, span, subtitle };
}

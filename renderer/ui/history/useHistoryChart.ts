/**
 * The history chart's model: the range and toggles chosen, the item's sampled history read for them (read
 * again when the history changes), the rows, lines and table of changes in the currency shown, and the
 * selection the "Export this item" button writes.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MoneyFormat } from '../../../shared/money/money';
import { history, useHistoryVersion } from '../../market/history/client';
import { DAY } from '../../market/history/chunk-codec';
import type { SampledHistory } from '../../market/history/sampling';
import { useCurrency } from '../../market/currency/context';
import { datedConverter } from '../../market/currency/dated';
import { changesTable, chartData, chartLines, rangeFrom, seriesKey, type RangeId } from './history-view';

const SLOTS = 240;

export interface HistoryChartArgs {
  game: number;
  name: string;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
  nameOf(slug: string): string;
  money: MoneyFormat;
}

export function useHistoryChart({ game, name, askMarkets, bidMarkets, nameOf, money }: HistoryChartArgs) {
  const [range, setRange] = useState<RangeId>('24h');
  const [all, setAll] = useState(false);
  const [showTable, setShowTable] = useState(false);
  const version = useHistoryVersion();
  const [state, setState] = useState<{ key: string; h: SampledHistory | null; error: string | null } | null>(null);
  const marketsKey = seriesKey(askMarkets, bidMarkets);
  const markets = useMemo(() => marketsKey.split(',').filter(Boolean), [marketsKey]);
  const key = `${game}|${name}|${range}|${marketsKey}`;

  useEffect(() => {
    let live = true;
    const to = Date.now();
    history.item(game, name, rangeFrom(range, to), to, SLOTS, markets, true).then(
      (h) => live && setState({ key, h, error: null }),
      (e: unknown) => live && setState({ key, h: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [game, name, range, markets, key, version]);

  const h = state?.key === key ? state.h : null;
  const currency = useCurrency();
  const conv = useMemo(() => datedConverter(currency, money), [currency, money]);
  // This item over the chart's range, its markets (with the bests and the Steam medians).
  const exportSelection = useCallback(() => {
    const to = Date.now();
    const slugs = [...new Set([...askMarkets, ...bidMarkets])];
    return { game, names: [name], markets: [...slugs, '*', 'steam-analytics'], from: rangeFrom(range, to), to };
  }, [game, name, range, askMarkets, bidMarkets]);

  const chart = useMemo(() => chartData(h, all, conv), [h, all, conv]);
  const table = useMemo(() => changesTable(chart), [chart]);
  return {
    range,
    setRange,
    all,
    setAll,
    showTable,
    toggleTable: () => setShowTable((v) => !v),
    loading: !state || state.key !== key,
    error: state?.error && state.key === key ? state.error : null,
    h,
    currency,
    conv,
    fmt: conv?.format ?? money,
    chart,
    table,
    lines: chartLines(chart, nameOf),
    span: chart ? chart.end - chart.start : DAY,
    exportSelection,
  };
}

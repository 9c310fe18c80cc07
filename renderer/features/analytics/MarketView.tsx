/**
 * A game's (or a marketplace's) trading at a glance: top items by volume and by turnover, movers, price
 * against volume, the distributions of prices and volumes, and liquidity. Every chart draws the worker's
 * aggregates (bins, top-N, a capped scatter sample) and has a table of exactly what it draws.
 */
import { Bar, BarChart, CartesianGrid, Cell, Legend, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../charts/ChartFrame';
import { ChartGroup, ExportAllButton } from '../charts/ChartGroup';
import { useChartFormat } from '../charts/format';
import { askColor, axisProps, bidColor, gridColor, legendProps, seriesColor, tooltipProps } from '../charts/theme';
import type { ChartData, ChartState, Provenance } from '../charts/types';
import type { MarketSummary } from './model/market-summary';
import { slugify } from './names';

export interface MarketViewProps {
  summary: MarketSummary | null;
  state: ChartState;
  provenance: Provenance;
  /** e.g. "Steam" or "BUFF163": names the volume and price used. */
  sourceName: string;
  steam: boolean;
  onOpenItem(name: string): void;
}

/** Long item names on a category axis: cut, the whole name in the tooltip and table. */
const short = (name: string) => (name.length > 30 ? `${name.slice(0, 29)}…` : name);

export function MarketView({ summary, state, provenance, sourceName, steam, onOpenItem }: MarketViewProps) {
  const f = useChartFormat();
  const volumeLabel = steam ? 'Sales in 30 days' : 'Sell orders in 7 days';
  const priceLabel = steam ? 'Median sale price, 90 days' : 'Median sell-order price, 90 days';
  const base = slugify(`${provenance.game}-${sourceName}`);
  const s = summary;
  const st = (empty: boolean, what: string): ChartState => (state.status !== 'ready' ? state : empty ? { status: 'empty', message: `No ${what} in this catalog.` } : state);

  const topVolume: ChartData = {
    columns: [
      { key: 'name', label: 'Item', kind: 'text' },
      { key: 'volume', label: volumeLabel, kind: 'count' },
      { key: 'price', label: priceLabel, kind: 'money' },
    ],
    rows: (s?.topByVolume ?? []).map((t) => ({ name: t.name, volume: t.volume, price: t.price })),
  };
  const topTurnover: ChartData = {
    columns: [
      { key: 'name', label: 'Item', kind: 'text' },
      { key: 'turnover', label: 'Turnover (volume × price)', kind: 'money' },
      { key: 'volume', label: volumeLabel, kind: 'count' },
      { key: 'price', label: priceLabel, kind: 'money' },
    ],
    rows: (s?.topByTurnover ?? []).map((t) => ({ name: t.name, turnover: t.turnover, volume: t.volume, price: t.price })),
  };
  const movers = [...(s?.gainers ?? []), ...(s?.losers ?? [])];
  const moverData: ChartData = {
    columns: [
      { key: 'name', label: 'Item', kind: 'text' },
      { key: 'changePct', label: 'Latest against 90-day median', kind: 'percent' },
      { key: 'latest', label: steam ? 'Latest median sold' : 'Latest sell order', kind: 'money' },
      { key: 'median90', label: priceLabel, kind: 'money' },
      { key: 'volume', label: volumeLabel, kind: 'count' },
    ],
    rows: movers.map((m) => ({ name: m.name, changePct: Math.round(m.changePct * 100) / 100, latest: m.latest, median90: m.median90, volume: m.volume })),
  };
  const scatter: ChartData = {
    columns: [
      { key: 'name', label: 'Item', kind: 'text' },
      { key: 'price', label: priceLabel, kind: 'money' },
      { key: 'volume', label: volumeLabel, kind: 'count' },
    ],
    rows: (s?.scatter ?? []).map((p) => ({ name: p.name, price: p.price, volume: p.volume })),
  };
  const priceBins: ChartData = {
    columns: [
      { key: 'range', label: 'Price range', kind: 'text' },
      { key: 'from', label: 'From', kind: 'money' },
      { key: 'to', label: 'Up to (not incl.)', kind: 'money' },
      { key: 'count', label: 'Items', kind: 'count' },
    ],
    rows: (s?.priceBins ?? []).map((b) => ({ range: `${f.moneyTick(b.from)}–${f.moneyTick(b.to)}`, from: b.from, to: b.to, count: b.count })),
  };
  const volumeBins: ChartData = {
    columns: [
      { key: 'range', label: volumeLabel, kind: 'text' },
      { key: 'count', label: 'Items', kind: 'count' },
    ],
    rows: (s?.volumeBins ?? []).map((b) => ({ range: b.to - b.from <= 1 ? String(b.from) : `${b.from}–${b.to - 1}`, count: b.count })),
  };
  const liquidity: ChartData = {
    columns: [
      { key: 'label', label: 'Class', kind: 'text' },
      { key: 'count', label: 'Items', kind: 'count' },
    ],
    rows: (s?.liquidity ?? []).map((c) => ({ label: c.label, count: c.count })),
  };
  const clickBar = (d: unknown) => {
    const name = (d as { name?: unknown; payload?: { name?: unknown } })?.payload?.name ?? (d as { name?: unknown })?.name;
    if (typeof name === 'string') onOpenItem(name);
  };

  return (
    <ChartGroup name={`${provenance.game} ${sourceName} market`}>
      <div className="an__viewbar">
        <p className="an__note">
          {s ? `${s.items.toLocaleString('en-US')} items, ${s.priced.toLocaleString('en-US')} with a volume and a price. ` : ''}
          Volume: {volumeLabel.toLowerCase()}; price: {priceLabel.toLowerCase()}. Click a bar to open the item.
        </p>
        <ExportAllButton fileBase={`${base}-market`} />
      </div>
      <div className="an__grid">
        <ChartFrame id="top-volume" title="Top items by volume" subtitle={volumeLabel} fileBase={`${base}-top-volume`} provenance={provenance} data={topVolume} state={st(topVolume.rows.length === 0, 'traded items')} height={420}>
          <BarChart data={topVolume.rows} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid stroke={gridColor} horizontal={false} />
            <XAxis type="number" {...axisProps} tickFormatter={(v: number) => f.count(v)} />
            <YAxis type="category" dataKey="name" width={230} {...axisProps} tickFormatter={short} interval={0} />
            <Tooltip {...tooltipProps} formatter={(v) => f.count(Number(v))} />
            <Legend {...legendProps} />
            <Bar dataKey="volume" name={volumeLabel} fill={seriesColor(0)} onClick={clickBar} cursor="pointer" isAnimationActive={false} />
          </BarChart>
        </ChartFrame>
        <ChartFrame id="top-turnover" title="Top items by turnover" subtitle="Volume × price" fileBase={`${base}-top-turnover`} provenance={provenance} data={topTurnover} state={st(topTurnover.rows.length === 0, 'traded items')} height={420}>
          <BarChart data={topTurnover.rows} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid stroke={gridColor} horizontal={false} />
            <XAxis type="number" {...axisProps} tickFormatter={f.moneyTick} />
            <YAxis type="category" dataKey="name" width={230} {...axisProps} tickFormatter={short} interval={0} />
            <Tooltip {...tooltipProps} formatter={(v) => f.money(Number(v))} />
            <Legend {...legendProps} />
            <Bar dataKey="turnover" name="Turnover" fill={seriesColor(1)} onClick={clickBar} cursor="pointer" isAnimationActive={false} />
          </BarChart>
        </ChartFrame>
        <ChartFrame id="movers" title="Movers" subtitle={`${steam ? 'Latest median sold' : 'Latest sell order'} against the 90-day median`} fileBase={`${base}-movers`} provenance={provenance} data={moverData} state={st(moverData.rows.length === 0, 'movers')} height={420}>
          <BarChart data={moverData.rows} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid stroke={gridColor} horizontal={false} />
            <XAxis type="number" {...axisProps} tickFormatter={(v: number) => f.percent(v)} />
            <YAxis type="category" dataKey="name" width={230} {...axisProps} tickFormatter={short} interval={0} />
            <Tooltip {...tooltipProps} formatter={(v) => f.percent(Number(v))} />
            <Legend {...legendProps} />
            <Bar dataKey="changePct" name="Change" onClick={clickBar} cursor="pointer" isAnimationActive={false}>
              {moverData.rows.map((r) => (
                <Cell key={String(r.name)} fill={Number(r.changePct) >= 0 ? bidColor : askColor} />
              ))}
            </Bar>
          </BarChart>
        </ChartFrame>
        <ChartFrame id="price-volume" title="Price against volume" subtitle={`Log scales; the ${scatter.rows.length.toLocaleString('en-US')} drawn items are the most traded and an even sample of the rest`} fileBase={`${base}-price-volume`} provenance={provenance} data={scatter} state={st(scatter.rows.length === 0, 'traded items')} height={360}>
          <ScatterChart margin={{ left: 8, right: 16, bottom: 8 }}>
            <CartesianGrid stroke={gridColor} />
            <XAxis type="number" dataKey="price" name={priceLabel} scale="log" domain={['auto', 'auto']} {...axisProps} tickFormatter={f.moneyTick} label={{ value: priceLabel, position: 'insideBottom', offset: -4, fill: 'var(--chart-axis-text)', fontSize: 11 }} />
            <YAxis type="number" dataKey="volume" name={volumeLabel} scale="log" domain={['auto', 'auto']} {...axisProps} tickFormatter={(v: number) => f.count(v)} label={{ value: volumeLabel, angle: -90, position: 'insideLeft', fill: 'var(--chart-axis-text)', fontSize: 11 }} />
            <Tooltip {...tooltipProps} formatter={(v, n) => (n === priceLabel ? f.money(Number(v)) : f.count(Number(v)))} />
            {/* On top: at the bottom it would sit on the x axis' label. */}
            <Legend {...legendProps} verticalAlign="top" />
            <Scatter name="Items" data={scatter.rows} fill={seriesColor(2)} isAnimationActive={false} onClick={clickBar} cursor="pointer" />
          </ScatterChart>
        </ChartFrame>
        <ChartFrame id="price-distribution" title="Price distribution" subtitle={`${priceLabel}, log-spaced bins`} fileBase={`${base}-price-distribution`} provenance={provenance} data={priceBins} state={st(priceBins.rows.length === 0, 'prices')}>
          <BarChart data={priceBins.rows} margin={{ left: 8, right: 16 }}>
            <CartesianGrid stroke={gridColor} vertical={false} />
            <XAxis dataKey="range" {...axisProps} interval="preserveStartEnd" />
            <YAxis {...axisProps} tickFormatter={(v: number) => f.count(v)} />
            <Tooltip {...tooltipProps} formatter={(v) => f.count(Number(v))} />
            <Legend {...legendProps} />
            <Bar dataKey="count" name="Items" fill={seriesColor(3)} isAnimationActive={false} />
          </BarChart>
        </ChartFrame>
        <ChartFrame id="volume-distribution" title="Volume distribution" subtitle={volumeLabel} fileBase={`${base}-volume-distribution`} provenance={provenance} data={volumeBins} state={st(volumeBins.rows.length === 0, 'volumes')}>
          <BarChart data={volumeBins.rows} margin={{ left: 8, right: 16 }}>
            <CartesianGrid stroke={gridColor} vertical={false} />
            <XAxis dataKey="range" {...axisProps} />
            <YAxis {...axisProps} tickFormatter={(v: number) => f.count(v)} />
            <Tooltip {...tooltipProps} formatter={(v) => f.count(Number(v))} />
            <Legend {...legendProps} />
            <Bar dataKey="count" name="Items" fill={seriesColor(4)} isAnimationActive={false} />
          </BarChart>
        </ChartFrame>
        <ChartFrame id="liquidity" title="Liquidity overview" subtitle={steam ? 'When each item last sold on Steam' : 'Listing and buy-order activity'} fileBase={`${base}-liquidity`} provenance={provenance} data={liquidity} state={st(liquidity.rows.length === 0, 'items')}>
          <BarChart data={liquidity.rows} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid stroke={gridColor} horizontal={false} />
            <XAxis type="number" {...axisProps} tickFormatter={(v: number) => f.count(v)} />
            <YAxis type="category" dataKey="label" width={230} {...axisProps} interval={0} />
            <Tooltip {...tooltipProps} formatter={(v) => f.count(Number(v))} />
            <Legend {...legendProps} />
            <Bar dataKey="count" name="Items" fill={seriesColor(5)} isAnimationActive={false} />
          </BarChart>
        </ChartFrame>
      </div>
    </ChartGroup>
  );
}

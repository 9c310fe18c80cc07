/** The price strip's spread marks: drawn inside the recharts plot, at the prices' x positions. */
import { DefaultZIndexes, ZIndexLayer, usePlotArea, useXAxisScale } from 'recharts';
import type { ChartFormat } from '../../ui/charts/format';
import { askColor, bidColor, referenceColor } from '../../ui/charts/theme';
import type { ItemStrip } from './model/price-strip';
import { markedText } from './model/strip-text';

export /** The band between the best bid and the cheapest ask, a line through each, and their labels. */
function SpreadMarks({ strip, nameOf, f }: { strip: ItemStrip; nameOf: (slug: string) => string; f: ChartFormat }) {
  const area = usePlotArea();
  const scale = useXAxisScale();
  if (!area || !scale) return null;
  const ax = strip.cheapest === null ? undefined : scale(strip.cheapest);
  const bx = strip.best === null ? undefined : scale(strip.best);
  const top = area.y;
  const bottom = area.y + area.height;
  const right = area.x + area.width;
  // Labels go right of their line, or left where they would run off the plot (~7 px per character, bold 11 px).
  const place = (px: number, text: string): { x: number; anchor: 'start' | 'end' } => {
    const w = text.length * 7;
    if (px + 4 + w <= right || px - 4 - w < 0)
      return { x: Math.min(px + 4, Math.max(area.x, right - w)), anchor: 'start' };
    return { x: px - 4, anchor: 'end' };
  };
  const labels: { x: number; y: number; text: string; colour: string }[] = [];
  if (ax !== undefined)
    labels.push({ x: ax, y: top - 22, text: `Cheapest ask: ${markedText(strip.asks, nameOf, f)}`, colour: askColor });
  if (bx !== undefined)
    labels.push({ x: bx, y: top - 8, text: `Best bid: ${markedText(strip.bids, nameOf, f)}`, colour: bidColor });
  return (
    <>
      {ax !== undefined && bx !== undefined ? (
        <ZIndexLayer zIndex={DefaultZIndexes.area}>
          <rect
            className="an-strip__band"
            x={Math.min(ax, bx)}
            y={top}
            width={Math.max(1, Math.abs(ax - bx))}
            height={area.height}
            fill={referenceColor}
          />
        </ZIndexLayer>
      ) : null}
      <ZIndexLayer zIndex={DefaultZIndexes.line}>
        {ax !== undefined ? (
          <line x1={ax} x2={ax} y1={top} y2={bottom} stroke={askColor} strokeWidth={1.5} strokeDasharray="4 3" />
        ) : null}
        {bx !== undefined ? (
          <line x1={bx} x2={bx} y1={top} y2={bottom} stroke={bidColor} strokeWidth={1.5} strokeDasharray="4 3" />
        ) : null}
      </ZIndexLayer>
      <ZIndexLayer zIndex={DefaultZIndexes.label}>
        {labels.map((l) => {
          const at = place(l.x, l.text);
          return (
            <text
              key={l.text}
              className="an-strip__label"
              x={at.x}
              y={l.y}
              textAnchor={at.anchor}
              dominantBaseline="middle"
              fill={l.colour}
            >
              {l.text}
            </text>
          );
        })}
        {ax !== undefined && bx !== undefined && strip.spread !== null ? (
          <text className="an-strip__label an-strip__spread" x={(ax + bx) / 2} y={bottom - 6} textAnchor="middle">
            spread {f.money(strip.spread)}
          </text>
        ) : null}
      </ZIndexLayer>
    </>
  );
}

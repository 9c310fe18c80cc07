/**
 * The 24 h column's cell: the item's best-ask sparkline, "—" without history, empty until known. The
 * sparklines come through context (they arrive after paint, a while after the rows), so their arrival
 * renders these cells only, never the rows around them.
 */
import { createContext, memo, useContext, type CSSProperties } from 'react';
import { MISSING } from '../../../../shared/money/money';
import { Sparkline } from './Sparkline';

/** Best-ask sparklines of the rendered rows by item name (useRowSparks.ts); null when the column is off. */
export const SparksContext = createContext<ReadonlyMap<string, Float64Array | null> | null>(null);

export interface SparkCellProps {
  name: string;
  ci: number;
  id: string | undefined;
  className: string;
  style: CSSProperties | undefined;
}

export const SparkCell = memo(function SparkCell({ name, ci, id, className, style }: SparkCellProps) {
  const spark = useContext(SparksContext)?.get(name);
  return (
    <div
      role="gridcell"
      id={id}
      aria-colindex={ci + 1}
      data-col={ci}
      aria-label={spark ? 'best ask over 24 hours' : 'no history yet'}
      className={`${className}${spark === null ? ' is-missing' : ''}`}
      style={style}
    >
      {spark ? <Sparkline values={spark} /> : spark === null ? MISSING : null}
    </div>
  );
});

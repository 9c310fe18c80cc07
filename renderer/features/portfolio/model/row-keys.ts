/**
 * What a key pressed in the holdings grid does: move the active row (↑/↓, Page Up/Down, Home/End) or act on
 * it (Enter edits, S sells, P splits, Delete deletes), as the ARIA grid pattern has it
 * (https://www.w3.org/WAI/ARIA/apg/patterns/grid/).
 */
import { rowForKey } from '../../../lib/row-keys';

export type RowKeyCommand = { move: number } | { act: 'edit' | 'sell' | 'split' | 'remove' } | null;

/** `at`: the active row; `page`: rows in sight; `count`: rows in all. The move is clamped to the rows. */
export function rowKeyCommand(key: string, at: number, page: number, count: number): RowKeyCommand {
  const to = rowForKey(key, at, count, page);
  if (to !== null) return { move: Math.max(0, Math.min(count - 1, to)) };
  switch (key) {
    case 'Enter':
      return { act: 'edit' };
    case 's':
    case 'S':
      return { act: 'sell' };
    case 'p':
    case 'P':
      return { act: 'split' };
    case 'Delete':
      return { act: 'remove' };
    default:
      return null;
  }
}

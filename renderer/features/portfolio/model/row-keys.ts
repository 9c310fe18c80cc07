/**
 * What a key pressed in the holdings grid does: move the active row (↑/↓, Page Up/Down, Home/End) or act on
 * it (Enter edits, S sells, P splits, Delete deletes), as the ARIA grid pattern has it
 * (https://www.w3.org/WAI/ARIA/apg/patterns/grid/).
 */
export type RowKeyCommand = { move: number } | { act: 'edit' | 'sell' | 'split' | 'remove' } | null;

/** `at`: the active row; `page`: rows in sight; `count`: rows in all. The move is clamped to the rows. */
export function rowKeyCommand(key: string, at: number, page: number, count: number): RowKeyCommand {
  const to = (r: number) => ({ move: Math.max(0, Math.min(count - 1, r)) });
  switch (key) {
    case 'ArrowDown':
      return to(at + 1);
    case 'ArrowUp':
      return to(at - 1);
    case 'PageDown':
      return to(at + page);
    case 'PageUp':
      return to(at - page);
    case 'Home':
      return to(0);
    case 'End':
      return to(count - 1);
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

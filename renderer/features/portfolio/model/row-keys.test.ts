import { describe, expect, it } from 'vitest';
import { rowKeyCommand } from './row-keys';

describe('rowKeyCommand', () => {
  it('moves the active row by one, a page, or to either end, never past the rows', () => {
    expect(rowKeyCommand('ArrowDown', 3, 10, 50)).toEqual({ move: 4 });
    expect(rowKeyCommand('ArrowUp', 0, 10, 50)).toEqual({ move: 0 });
    expect(rowKeyCommand('PageDown', 45, 10, 50)).toEqual({ move: 49 });
    expect(rowKeyCommand('PageUp', 5, 10, 50)).toEqual({ move: 0 });
    expect(rowKeyCommand('Home', 20, 10, 50)).toEqual({ move: 0 });
    expect(rowKeyCommand('End', 20, 10, 50)).toEqual({ move: 49 });
  });

  it('acts on the row: Enter edits, S sells, P splits, Delete deletes; other keys are not the grid’s', () => {
    expect(rowKeyCommand('Enter', 0, 10, 5)).toEqual({ act: 'edit' });
    expect(rowKeyCommand('s', 0, 10, 5)).toEqual({ act: 'sell' });
    expect(rowKeyCommand('S', 0, 10, 5)).toEqual({ act: 'sell' });
    expect(rowKeyCommand('P', 0, 10, 5)).toEqual({ act: 'split' });
    expect(rowKeyCommand('Delete', 0, 10, 5)).toEqual({ act: 'remove' });
    expect(rowKeyCommand('x', 0, 10, 5)).toBeNull();
    expect(rowKeyCommand('Tab', 0, 10, 5)).toBeNull();
  });
});

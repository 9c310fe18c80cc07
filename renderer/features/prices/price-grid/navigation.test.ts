import { describe, expect, it } from 'vitest';
import { cellId, clampCell, firstCell, navigate } from './navigation';

describe('price grid navigation', () => {
  const b = { rows: 100, cols: 10, page: 20 };
  it('moves by arrows, Home/End, Ctrl+Home/End and pages', () => {
    const at = { row: 5, col: 3 };
    expect(navigate('ArrowDown', false, at, b)).toEqual({ row: 6, col: 3 });
    expect(navigate('ArrowUp', false, at, b)).toEqual({ row: 4, col: 3 });
    expect(navigate('ArrowRight', false, at, b)).toEqual({ row: 5, col: 4 });
    expect(navigate('ArrowLeft', false, at, b)).toEqual({ row: 5, col: 2 });
    expect(navigate('Home', false, at, b)).toEqual({ row: 5, col: 0 });
    expect(navigate('End', false, at, b)).toEqual({ row: 5, col: 9 });
    expect(navigate('Home', true, at, b)).toEqual({ row: 0, col: 0 });
    expect(navigate('End', true, at, b)).toEqual({ row: 99, col: 9 });
    expect(navigate('PageDown', false, at, b)).toEqual({ row: 25, col: 3 });
    expect(navigate('PageUp', false, at, b)).toEqual({ row: 0, col: 3 });
    expect(navigate('PageDown', false, { row: -1, col: 3 }, b)).toEqual({ row: 20, col: 3 });
    expect(navigate('Enter', false, at, b)).toBeNull();
  });
  it('stays inside the grid; the header is row -1', () => {
    expect(clampCell({ row: -5, col: 50 }, 100, 10)).toEqual({ row: -1, col: 9 });
    expect(clampCell({ row: 500, col: -1 }, 100, 10)).toEqual({ row: 99, col: 0 });
    expect(clampCell({ row: 3, col: 1 }, 0, 10)).toEqual({ row: -1, col: 1 });
    expect(firstCell(100)).toEqual({ row: 0, col: 1 });
    expect(firstCell(0)).toEqual({ row: -1, col: 1 });
    expect(cellId('g', { row: -1, col: 2 })).toBe('g-h-2');
    expect(cellId('g', { row: 7, col: 2 })).toBe('g-7-2');
  });
});

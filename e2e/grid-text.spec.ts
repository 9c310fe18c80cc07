/**
 * The price grid draws its value cells' text on one canvas (renderer/features/prices/price-grid/
 * draw-cell-text.ts) and keeps each cell's text in the DOM, hidden from layout. Checked here against the
 * canvas's own pixels, in Chromium: every value cell in sight has ink inside its box and none spills out of
 * it, each line's ink lies where the DOM lays out that text (the cell shown for a moment) and spans it, in the
 * cell's computed colour. After a filter, a scroll across and down, small
 * scroll steps down and up, details in cells and the light theme, the same holds for the new cells.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { grid, openGrid, search } from './grid-page';

test.use({ recordHistory: false });

interface CellCheck {
  text: string;
  problem: string | null;
}

/** Each value cell fully in sight, checked against the canvas's pixels (null problem: as it should be). */
function checkCells(page: Page): Promise<{ cells: CellCheck[]; canvas: boolean }> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="grid-texts"]');
    const gridEl = document.querySelector<HTMLElement>('[role="grid"]');
    if (!canvas || !gridEl) return { cells: [], canvas: false };
    const g = canvas.getContext('2d');
    if (!g) return { cells: [], canvas: false };
    const cr = canvas.getBoundingClientRect();
    const scale = canvas.width / cr.width;
    const img = g.getImageData(0, 0, canvas.width, canvas.height);
    const gr = gridEl.getBoundingClientRect();
    const head = gridEl.querySelector('[role="columnheader"]')?.getBoundingClientRect().bottom ?? gr.top;
    const pinRight = gridEl.querySelector('.pg__pins')?.getBoundingClientRect().right ?? gr.left;
    // rgb(r g b) in 0-255, or color(srgb r g b / a) in 0-1 (what color-mix() computes to).
    const parse = (c: string) => {
      const n = (c.replace(/^color\(srgb/, '').match(/[\d.]+/g) ?? []).map(Number);
      return c.startsWith('color(srgb') ? n.map((x) => x * 255) : n;
    };
    const out: { text: string; problem: string | null }[] = [];
    for (const cell of gridEl.querySelectorAll<HTMLElement>('.pg__row .pg__val')) {
      const r = cell.getBoundingClientRect();
      // Fully in sight: below the header, right of the pinned columns, inside the grid's viewport.
      if (r.top < head || r.left < pinRight || r.bottom > gr.bottom - 16 || r.right > gr.right - 16) continue;
      const text = cell.textContent ?? '';
      // The cell's box in canvas pixels, one pixel wider on each side to see ink that spills out.
      const x0 = Math.round((r.left - cr.left - 1) * scale);
      const x1 = Math.round((r.right - cr.left + 1) * scale);
      // Where the DOM would put the text: the cell laid out for a moment, its text's line boxes.
      cell.style.contentVisibility = 'visible';
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = [...range.getClientRects()].filter((q) => q.width > 0);
      cell.style.contentVisibility = '';
      const inkIn = (top: number, bottom: number) => {
        let minX = Infinity;
        let maxX = -Infinity;
        let minY = Infinity;
        let maxY = -Infinity;
        let best = -1;
        let at = 0;
        const ya = Math.max(0, Math.round((top - cr.top) * scale));
        const yb = Math.min(canvas.height, Math.round((bottom - cr.top) * scale));
        for (let y = ya; y < yb; y++)
          for (let x = Math.max(0, x0); x < Math.min(canvas.width, x1); x++) {
            const a = img.data[(y * canvas.width + x) * 4 + 3] ?? 0;
            if (a === 0) continue;
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
            minY = Math.min(minY, y);
            maxY = Math.max(maxY, y);
            if (a > best) {
              best = a;
              at = (y * canvas.width + x) * 4;
            }
          }
        return { minX, maxX, minY, maxY, best, at };
      };
      const problem = (() => {
        const whole = inkIn(r.top, r.bottom);
        if (whole.best < 0) return 'no ink';
        if (whole.minX <= x0 || whole.maxX >= x1 - 1)
          return `ink outside the cell (${whole.minX}..${whole.maxX} in ${x0}..${x1})`;
        if (lines.length === 0) return 'the DOM lays out no text';
        const s = getComputedStyle(cell);
        const slack = 2 * scale;
        for (const [i, line] of lines.entries()) {
          const ink = inkIn(line.top, line.bottom);
          if (ink.best < 0) return `no ink on line ${i + 1}`;
          const lx = (line.left - cr.left) * scale;
          const rx = (line.right - cr.left) * scale;
          if (ink.minX < lx - slack || ink.maxX + 1 > rx + slack)
            return `line ${i + 1}: ink ${ink.minX}..${ink.maxX + 1}, the DOM's text ${lx}..${rx}`;
          // The text is drawn whole: its ink spans the DOM text's width but for the glyphs' side bearings.
          if (ink.maxX + 1 - ink.minX < rx - lx - 4 * scale) return `line ${i + 1}: ink narrower than the DOM's text`;
          const ly = (line.top - cr.top) * scale;
          const by = (line.bottom - cr.top) * scale;
          // The ink's middle near the line box's (glyphs sit between ascent and descent).
          const mid = (ink.minY + ink.maxY + 1) / 2;
          if (Math.abs(mid - (ly + by) / 2) > 2.5 * scale)
            return `line ${i + 1}: ink centred at ${mid}, the line at ${(ly + by) / 2}`;
          const lineStyle = i === 0 && lines.length > 1 ? getComputedStyle(cell, '::first-line') : s;
          const want = parse(lineStyle.color);
          const got = [img.data[ink.at], img.data[ink.at + 1], img.data[ink.at + 2]].map(Number);
          if (want.slice(0, 3).some((c, k) => Math.abs(c - (got[k] ?? 0)) > 48))
            return `line ${i + 1}: colour ${got.join(',')} is not the cell's ${lineStyle.color}`;
        }
        return null;
      })();
      out.push({ text, problem });
    }
    return { cells: out, canvas: true };
  });
}

async function expectDrawn(page: Page, what: string): Promise<void> {
  // The canvas is drawn as the grid commits; a frame later it is on screen.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  const { cells, canvas } = await checkCells(page);
  expect(canvas, `${what}: the grid's text canvas`).toBe(true);
  expect(cells.length, `${what}: value cells in sight`).toBeGreaterThan(20);
  expect(
    cells.filter((c) => c.problem).map((c) => `${JSON.stringify(c.text)}: ${c.problem}`),
    what,
  ).toEqual([]);
}

test('value cells are drawn on the canvas: in their box, colour, alignment and width, after every change', async ({
  page,
  appUrl,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openGrid(page, appUrl);
  const details = page.getByRole('checkbox', { name: 'Details' });
  if (await details.isChecked()) await details.uncheck();
  await expectDrawn(page, 'first view');
  // The DOM keeps each value as the cell's name for a screen reader.
  const first = grid(page).locator('.pg__row .pg__val').first();
  await expect(first).toHaveAttribute('aria-label', /\S/);

  await search(page).fill('redline');
  await expect(grid(page)).not.toHaveAttribute('aria-rowcount', /^\d{3,}$/);
  await expectDrawn(page, 'after a filter');

  await search(page).fill('');
  await grid(page).evaluate((el) => el.scrollBy(900, 2400));
  await expectDrawn(page, 'scrolled across and down');

  // Small steps down and up, a frame apart: the text kept moves with the canvas, only new rows are drawn.
  await grid(page).evaluate(async (el) => {
    for (const dy of [90, 90, 90, 50, 90, -90, -90, -40]) {
      el.scrollBy(0, dy);
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
  await expectDrawn(page, 'scrolled down and up in small steps');

  await details.check();
  await expectDrawn(page, 'details in cells');

  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await expectDrawn(page, 'light theme');
});

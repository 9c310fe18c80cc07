/**
 * The light theme (preference, system following, contrast) and the chart frame's exports, through the real
 * Analytics view: keyboard menu, SVG with title + legend + provenance, a non-blank 2x PNG, an exact CSV.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.setTimeout(180_000);

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

/** WCAG contrast of an element's text colour against the first opaque background up its ancestors. */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.slice(0, 3).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      let bgEl: Element | null = el;
      let bg = 'rgb(255, 255, 255)';
      while (bgEl) {
        const c = getComputedStyle(bgEl).backgroundColor;
        const parts = rgb(c);
        if (parts.length === 3 || (parts.length === 4 && parts[3] === 1)) {
          bg = c;
          break;
        }
        bgEl = bgEl.parentElement;
      }
      const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(rgb(bg))].sort((x, y) => y - x);
      return (a! + 0.05) / (b! + 0.05);
    });
}

test('theme: system follows the OS live; Settings picks light or dark; light text has 4.5:1 contrast', async ({
  page,
  appUrl,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${appUrl}#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect.poll(() => theme(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => theme(page)).toBe('light');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 246, 249)');

  const group = page.getByRole('group', { name: 'Theme' });
  await group.getByLabel('Dark').check();
  await expect.poll(() => theme(page)).toBe('dark');
  await group.getByLabel('Light').check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect.poll(() => theme(page)).toBe('light');
  await expect(page.getByRole('group', { name: 'Theme' }).getByLabel('Light')).toBeChecked();

  // Every one of these is on the Settings page: a missing one is a failure, not a skipped check.
  for (const selector of ['.page__title', '.field__hint', '.field__label', '.card__text', '.statusbar__item']) {
    await expect(page.locator(selector).first(), selector).toBeVisible();
    expect(await contrastOf(page, selector), selector).toBeGreaterThanOrEqual(4.5);
  }
});

async function saved(download: Download): Promise<{ name: string; bytes: Buffer }> {
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file!) };
}

test('a chart exports as a whole: SVG with title, legend and provenance; a 2x PNG that is not blank; an exact CSV', async ({
  page,
  appUrl,
}) => {
  await page.goto(`${appUrl}#/analytics`);
  const frame = page.locator('.chart-frame').first();
  await expect(frame.locator('.recharts-wrapper svg').first()).toBeVisible({ timeout: 120_000 });
  const title = (await frame.locator('.chart-frame__title').textContent())!;
  const exportButton = frame.getByRole('button', { name: `Export ${title}` });

  // A real menu: arrows move (and wrap), Escape closes and gives focus back.
  await exportButton.focus();
  await page.keyboard.press('ArrowDown');
  const menu = frame.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'PNG (2x)' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Copy image' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(exportButton).toBeFocused();

  const pick = async (label: string) => {
    const download = page.waitForEvent('download');
    await exportButton.click();
    await frame.getByRole('menuitem', { name: label }).click();
    return saved(await download);
  };

  const svg = await pick('SVG');
  expect(svg.name).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.svg$/);
  const text = svg.bytes.toString('utf8');
  expect(text).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
  expect(text).toMatch(/Fetched \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC · Source: /);
  for (const legend of await frame.locator('.recharts-legend-item-text').allTextContents())
    expect(text).toContain(`>${legend}</text>`);
  const [, w, h] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(text)!;
  // The theme's background fills the whole image.
  const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.chart-frame')!).backgroundColor);
  expect(text).toContain(`<rect x="0" y="0" width="${w}" height="${h}" fill="${bg}"/>`);
  expect(text).not.toContain('var(--');

  const png = await pick('PNG (2x)');
  expect(png.name).toBe(svg.name.replace(/\.svg$/, '.png'));
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([Number(w) * 2, Number(h) * 2]);
  const colours = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = 200;
    c.height = 100;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0, c.width, c.height);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < d.length; i += 4) seen.add((d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!);
    return seen.size;
  }, png.bytes.toString('base64'));
  expect(colours).toBeGreaterThan(10);

  const csv = await pick('CSV (data)');
  const csvText = csv.bytes.toString('utf8');
  expect(csvText.charCodeAt(0)).toBe(0xfeff);
  await frame.getByRole('button', { name: 'Table' }).click();
  const headers = await frame.locator('table thead th').allTextContents();
  await expect(frame.getByRole('region', { name: `${title}: data` })).toBeVisible();
  // Exactly the table's data: the header is its column labels, one line per row, every field the row's value.
  expect(csvText.endsWith('\r\n')).toBe(true);
  const lines = csvText.slice(1, -2).split('\r\n').map(csvFields);
  expect(lines[0]).toEqual(headers);
  const body = lines.slice(1);
  const moreNote = frame.locator('.chart-table__more');
  const more = (await moreNote.count()) > 0 ? await moreNote.textContent() : null;
  const shown = await frame.locator('table tbody tr').count();
  expect(shown).toBeGreaterThan(0);
  expect(body).toHaveLength(more ? Number(/of ([\d,]+) rows/.exec(more)![1]!.replace(/,/g, '')) : shown);
  for (const line of body) expect(line).toHaveLength(headers.length);
  // Row by row (up to 30): a text cell as shown, a money cell as its exact amount, an empty field for "—".
  const cells = await frame.locator('table tbody tr').evaluateAll((rows) =>
    rows.slice(0, 30).map((r) =>
      [...r.children].map((c) => ({
        text: (c.textContent ?? '').trim(),
        exact: c.getAttribute('title'),
        num: c.classList.contains('is-num'),
      })),
    ),
  );
  cells.forEach((row, i) =>
    row.forEach((cell, j) => {
      const field = body[i]![j]!;
      if (cell.exact) expect(Number(field), `row ${i} col ${j}`).toBe(Number(cell.exact.replace(/[^\d.-]/g, '')));
      else if (cell.text === '—') expect(field, `row ${i} col ${j}`).toBe('');
      else if (!cell.num) expect(field.replace(/^'/, ''), `row ${i} col ${j}`).toBe(cell.text);
      else expect(Number.isFinite(Number(field)), `row ${i} col ${j}: ${field}`).toBe(true);
    }),
  );
});

/** The fields of one CSV line (RFC 4180 quoting). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          v += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else v += line[i++];
      }
      out.push(v);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      out.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return out;
}

import { chromium } from '@playwright/test';
const url = process.argv[2]!;
const out = process.argv[3] ?? '/tmp/grid-shot.png';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
const t0 = Date.now();
await page.goto(url);
try {
  await page.getByRole('grid').waitFor({ timeout: 90_000 });
  console.log('grid after', Date.now() - t0, 'ms');
} catch (e) {
  console.log('no grid', String(e));
}
await page.waitForTimeout(500);
const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.name} ${m.startTime.toFixed(0)} ${JSON.stringify((m as PerformanceMark).detail)}`));
console.log(marks.join('\n'));
await page.screenshot({ path: out });
await browser.close();

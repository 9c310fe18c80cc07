/**
 * Currency e2e helpers: what a service value looks like converted (worked by hand, never read off the page),
 * the stand-in's rate of a day, and choosing a display currency in Settings.
 */
import type { Page } from '@playwright/test';
import type { RateDay } from '../shared/rates/types';
import { expect } from './fixtures';

/** The service value (thousandths of USD) in a currency at `rate`, rounded half away from zero to `digits`, as shown. */
export function shownAt(thousandths: number, rate: number, digits: number): string {
  const scale = 10 ** digits;
  const units = (Math.sign(thousandths) * Math.round((Math.abs(thousandths) * rate * scale) / 1000)) / scale;
  return units.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Units of `code` per USD on `date`: the closest published day at or before it (as the app documents). */
export function rateOn(days: readonly RateDay[], code: string, date: string): { rate: number; day: string } {
  const day = [...days].reverse().find((d) => d.date <= date) ?? days[0];
  if (!day) throw new Error('the stand-in serves no days');
  return { rate: (day.perEuro[code] as number) / (day.perEuro.USD as number), day: day.date };
}

export async function chooseCurrency(page: Page, code: string, confirm: boolean): Promise<void> {
  await page.getByRole('link', { name: /^Settings/ }).click();
  const card = page.getByTestId('currency-settings');
  await card.getByLabel('Show prices in').selectOption(code);
  if (confirm) await card.getByRole('button', { name: `Fetch rates and show ${code}` }).click();
  await expect(page.getByTestId('status-rate')).toContainText(`${code} at`, { timeout: 30_000 });
  await page.getByRole('link', { name: /^Prices/ }).click();
}

/**
 * Reduced motion (project "web"): with the OS asking for less motion, the app's endless animations
 * (spinners, progress, skeletons, the busy dot) end at once instead of looping; without it they loop.
 * Elements with the app's own classes are placed in the page, so the real stylesheet is what is checked.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Every endless animation in the app's stylesheets, as markup that gets it. */
const ANIMATED = [
  '<svg class="icon icon--spinner"></svg>',
  '<div class="gs__fill is-indeterminate"></div>',
  '<div class="chart-frame__skeleton"></div>',
  '<span class="skeleton-row"></span>',
  '<span class="pill" data-tone="busy"><span class="pill__dot"></span></span>',
];

/** Per element: its animations' iteration counts and states, `ms` after it was placed (and two frames). */
async function animationsOf(page: Page, ms: number): Promise<{ iterations: number; state: string }[][]> {
  return page.evaluate(
    async ({ markup, ms }) => {
      const host = document.createElement('div');
      host.innerHTML = markup.join('');
      document.body.append(host);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await new Promise((r) => setTimeout(r, ms));
      const out = [...host.querySelectorAll('*')]
        .filter((el) => el.getAnimations().length > 0)
        .map((el) =>
          el.getAnimations().map((a) => ({
            iterations: a.effect?.getComputedTiming().iterations ?? 0,
            state: a.playState,
          })),
        );
      host.remove();
      return out;
    },
    { markup: ANIMATED, ms },
  );
}

test('endless animations loop normally and end at once when the OS asks for reduced motion', async ({
  page,
  appUrl,
}) => {
  await page.goto(`${appUrl}#/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 30_000 });

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const normal = await animationsOf(page, 500);
  expect(normal).toHaveLength(ANIMATED.length);
  for (const anims of normal) expect(anims).toEqual([{ iterations: Infinity, state: 'running' }]);

  // A near-zero duration alone would still loop forever, a new frame for every display refresh. A finished
  // animation that holds nothing is gone from getAnimations(); one still listed must have ended.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const reduced = await animationsOf(page, 500);
  for (const anims of reduced) {
    for (const a of anims) expect(a).toEqual({ iterations: 1, state: 'finished' });
  }
});

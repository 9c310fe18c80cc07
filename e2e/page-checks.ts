/** Checks both hosts' security specs make on a page. */
import type { Page } from '@playwright/test';

/** Whether a script injected as inline text runs (a strict CSP must stop it). */
export function inlineScriptRuns(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
}

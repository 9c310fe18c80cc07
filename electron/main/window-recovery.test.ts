import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { APP_START_URL } from '../common/ipc-channels';
import { isAllowedNavigation } from './security';
import { errorPageUrl, watchWindow, type MessageBoxRequest, type RecoveryWindow } from './window-recovery';

/**
 * A BrowserWindow and its webContents as Electron documents them: events with their documented arguments
 * (render-process-gone (event, {reason, exitCode}); did-fail-load (event, errorCode, errorDescription,
 * validatedURL, isMainFrame, frameProcessId, frameRoutingId); will-navigate (details with url, url);
 * unresponsive / responsive without arguments), and loadURL returning a promise that rejects when the load fails.
 */
class FakeContents extends EventEmitter {
  reloads = 0;
  crashedOnPurpose = 0;
  reload(): void {
    this.reloads += 1;
  }
  forcefullyCrashRenderer(): void {
    this.crashedOnPurpose += 1;
    // As documented: the process goes, and render-process-gone follows with reason 'killed' (or 'crashed').
    this.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
  }
}

class FakeWindow extends EventEmitter implements RecoveryWindow {
  readonly webContents = new FakeContents();
  readonly loaded: string[] = [];
  destroyed = false;
  /** The next loadURL fails like Electron's: did-fail-load, then the promise rejects. */
  failNext: { code: number; description: string } | null = null;
  isDestroyed(): boolean {
    return this.destroyed;
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    const failure = this.failNext;
    this.failNext = null;
    if (!failure) return Promise.resolve();
    this.webContents.emit('did-fail-load', {}, failure.code, failure.description, url, true, 1, 1);
    return Promise.reject(
      Object.assign(new Error(`${failure.description} (${failure.code}) loading '${url}'`), {
        errno: failure.code,
        code: failure.description,
      }),
    );
  }
}

function setup(answers: number[] = []) {
  const window = new FakeWindow();
  const boxes: MessageBoxRequest[] = [];
  const pendingBoxes: ((response: number) => void)[] = [];
  let t = 1_000_000;
  const recovery = watchWindow(window, {
    startUrl: APP_START_URL,
    now: () => t,
    showMessageBox: (options) => {
      boxes.push(options);
      const answer = answers.shift();
      if (answer !== undefined) return Promise.resolve({ response: answer });
      // Unanswered: resolves when the test answers, or as cancelled when its signal aborts (as Electron does).
      return new Promise((resolve) => {
        pendingBoxes.push((response) => resolve({ response }));
        options.signal?.addEventListener('abort', () => resolve({ response: options.cancelId }), { once: true });
      });
    },
  });
  const crash = (reason = 'crashed', exitCode = 139) =>
    window.webContents.emit('render-process-gone', {}, { reason, exitCode });
  return { window, recovery, boxes, pendingBoxes, crash, advance: (ms: number) => void (t += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function errorPageHtml(url: string): string {
  expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
  return decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length));
}

describe('window recovery: crashes', () => {
  it('reloads the app after a crash and says so', async () => {
    const { window, boxes, crash } = setup();
    crash('oom', -1);
    expect(window.loaded).toEqual([APP_START_URL]);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toMatchObject({
      type: 'info',
      message: expect.stringMatching(/stopped unexpectedly and was reloaded/),
      buttons: ['OK'],
    });
    expect(boxes[0]!.detail).toMatch(/ran out of memory/);
  });

  it('reloads at most 3 times within a minute, then shows the built-in page instead of looping', async () => {
    const { window, recovery, crash, advance } = setup();
    for (let i = 0; i < 3; i += 1) {
      crash();
      advance(5_000);
    }
    expect(window.loaded).toEqual([APP_START_URL, APP_START_URL, APP_START_URL]);
    crash();
    expect(window.loaded).toHaveLength(4);
    expect(window.loaded[3]).toMatch(/^data:text\/html/);
    expect(errorPageHtml(window.loaded[3]!)).toMatch(/keeps stopping[\s\S]*4 times within 60 seconds/);
    expect(recovery.showing).toBe('error-page');
    // Crashes of long ago don't count: after a quiet minute a crash is reloaded again.
    advance(61_000);
    crash();
    expect(window.loaded.at(-1)).toBe(APP_START_URL);
  });

  it('a destroyed window (quitting) is left alone', () => {
    const { window, crash, boxes } = setup();
    window.destroyed = true;
    crash();
    expect(window.loaded).toEqual([]);
    expect(boxes).toEqual([]);
  });
});

describe('window recovery: failed loads', () => {
  it('a failed load shows the built-in page with the reason and a Retry; the rejection is handled, not dropped', async () => {
    const { window, recovery } = setup();
    window.failNext = { code: -6, description: 'ERR_FILE_NOT_FOUND' };
    recovery.load();
    await settle();
    expect(window.loaded).toHaveLength(2);
    const html = errorPageHtml(window.loaded[1]!);
    expect(html).toMatch(/could not load its window/);
    expect(html).toMatch(/ERR_FILE_NOT_FOUND \(error -6\)/);
    expect(html).toContain(`<a href="${APP_START_URL}" id="retry">Retry</a>`);
    expect(recovery.showing).toBe('error-page');
  });

  it('a rejected loadURL without a did-fail-load still ends on the built-in page', async () => {
    const { window, recovery } = setup();
    window.loadURL = (url: string) => {
      window.loaded.push(url);
      return window.loaded.length === 1 ? Promise.reject(new Error('ERR_FAILED (-2) loading')) : Promise.resolve();
    };
    recovery.load();
    await settle();
    expect(window.loaded).toHaveLength(2);
    expect(errorPageHtml(window.loaded[1]!)).toMatch(/ERR_FAILED \(-2\) loading/);
  });

  it('ignores subframes and aborted loads (a load replaced by another)', async () => {
    const { window, recovery } = setup();
    window.webContents.emit('did-fail-load', {}, -105, 'ERR_NAME_NOT_RESOLVED', 'https://x.example/', false, 1, 2);
    window.failNext = { code: -3, description: 'ERR_ABORTED' };
    recovery.load();
    await settle();
    expect(window.loaded).toEqual([APP_START_URL]);
    expect(recovery.showing).toBe('app');
  });

  it('Retry on the built-in page: main takes the navigation over and loads the app afresh (crash count reset)', async () => {
    const { window, recovery, crash } = setup();
    for (let i = 0; i < 4; i += 1) crash();
    expect(recovery.showing).toBe('error-page');
    let prevented = false;
    window.webContents.emit(
      'will-navigate',
      { url: APP_START_URL, preventDefault: () => void (prevented = true) },
      APP_START_URL,
    );
    expect(prevented).toBe(true);
    expect(window.loaded.at(-1)).toBe(APP_START_URL);
    expect(recovery.showing).toBe('app');
    crash();
    expect(window.loaded.at(-1)).toBe(APP_START_URL); // reloaded again, not the error page
  });

  it('other navigations are not taken over (security.ts decides about them)', () => {
    const { window } = setup();
    let prevented = false;
    window.webContents.emit(
      'will-navigate',
      { url: APP_START_URL, preventDefault: () => void (prevented = true) },
      APP_START_URL,
    );
    expect(prevented).toBe(false);
    expect(window.loaded).toEqual([]);
  });
});

describe('window recovery: the built-in page', () => {
  it('is local and inert: a CSP that allows no script or request, escaped text, Retry to the app only', () => {
    const html = errorPageHtml(errorPageUrl('Title <b>', 'ERR_X <img src=x onerror=alert(1)>', APP_START_URL));
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'"`,
    );
    expect(html).not.toMatch(/<script|<img|<iframe|https?:\/\//i);
    expect(html).toContain('ERR_X &#60;img src=x onerror=alert(1)&#62;');
    const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual([APP_START_URL]);
    // The one way out is a navigation the window's own rules allow.
    expect(isAllowedNavigation(links[0]!)).toBe(true);
  });
});

describe('window recovery: a page that hangs', () => {
  it('asks Wait / Reload; Reload ends the hung process and reloads in a new one, without a crash notice', async () => {
    const { window, boxes } = setup([1]);
    window.emit('unresponsive');
    await settle();
    expect(boxes[0]).toMatchObject({
      type: 'warning',
      buttons: ['Wait', 'Reload'],
      defaultId: 0,
      cancelId: 0,
      message: 'Market Desk is not responding.',
    });
    expect(window.webContents.crashedOnPurpose).toBe(1);
    expect(window.webContents.reloads).toBe(1);
    expect(boxes).toHaveLength(1); // the expected render-process-gone is no crash to report
    expect(window.loaded).toEqual([]);
  });

  it('Wait does nothing', async () => {
    const { window } = setup([0]);
    window.emit('unresponsive');
    await settle();
    expect(window.webContents.crashedOnPurpose).toBe(0);
    expect(window.webContents.reloads).toBe(0);
  });

  it('one question at a time; it closes by itself when the page responds again', async () => {
    const { window, boxes } = setup();
    window.emit('unresponsive');
    window.emit('unresponsive');
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.signal?.aborted).toBe(false);
    window.emit('responsive');
    expect(boxes[0]!.signal?.aborted).toBe(true);
    await settle();
    expect(window.webContents.reloads).toBe(0);
    window.emit('unresponsive');
    expect(boxes).toHaveLength(2);
  });
});

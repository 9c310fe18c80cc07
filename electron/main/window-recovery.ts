/**
 * What the window does when its page goes wrong, so it never stays blank: a crashed renderer reloads (a bounded
 * number of times, then the built-in error page), a failed load shows the error page, a hung page asks Wait /
 * Reload. The error page is a data: URL with no script; its Retry link is caught by will-navigate and loads the
 * app again. The Electron facts used, with sources: README.md here. Written against the few members it uses, so
 * tests drive it with a fake window.
 */

interface PreventableNavigation {
  preventDefault(): void;
  /** Electron 25+: the details object carries the URL (the second argument is deprecated). */
  readonly url?: string;
}

interface RenderProcessGoneDetails {
  readonly reason: string;
  readonly exitCode: number;
}

interface RecoveryWebContents {
  on(event: 'render-process-gone', listener: (event: unknown, details: RenderProcessGoneDetails) => void): unknown;
  on(
    event: 'did-fail-load',
    listener: (
      event: unknown,
      errorCode: number,
      errorDescription: string,
      validatedURL: string,
      isMainFrame: boolean,
    ) => void,
  ): unknown;
  on(event: 'will-navigate', listener: (event: PreventableNavigation, url: string) => void): unknown;
  reload(): void;
  forcefullyCrashRenderer(): void;
}

export interface RecoveryWindow {
  readonly webContents: RecoveryWebContents;
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  isDestroyed(): boolean;
  loadURL(url: string): Promise<void>;
}

export interface MessageBoxRequest {
  readonly type: 'info' | 'warning';
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  readonly buttons: string[];
  readonly defaultId: number;
  readonly cancelId: number;
  readonly noLink: boolean;
  readonly signal?: AbortSignal;
}

/** dialog.showMessageBox(window, options), bound to the window by main. */
type ShowMessageBox = (options: MessageBoxRequest) => Promise<{ response: number }>;

export interface WindowRecoveryOptions {
  readonly startUrl: string;
  readonly showMessageBox: ShowMessageBox;
  readonly now?: () => number;
  /** Reloads after crashes allowed within crashWindowMs before the error page is shown instead. */
  readonly maxCrashReloads?: number;
  readonly crashWindowMs?: number;
  /** Where what happened is noted (main's console); never shown instead of telling the user. */
  readonly log?: (line: string) => void;
}

export interface WindowRecovery {
  /** Loads the app (the first time, and for Retry). */
  load(): void;
  /** What the window shows now. */
  readonly showing: 'app' | 'error-page';
}

/** Chromium's net::ERR_ABORTED: a load that another one replaced, not a failure. */
const ERR_ABORTED = -3;
const WAIT = 0;
const RELOAD = 1;

export function watchWindow(window: RecoveryWindow, options: WindowRecoveryOptions): WindowRecovery {
  return new WindowWatch(window, options);
}

/** One window's recovery: what it shows, its recent crashes, and the "not responding" question while open. */
class WindowWatch implements WindowRecovery {
  showing: 'app' | 'error-page' = 'app';
  private readonly now: () => number;
  private readonly maxCrashReloads: number;
  private readonly crashWindowMs: number;
  private readonly log: (line: string) => void;
  private crashes: number[] = [];
  /** We crashed the renderer ourselves (Reload on a hung page): its render-process-gone is expected. */
  private killedOnPurpose = false;
  private hangDialog: AbortController | null = null;

  constructor(
    private readonly window: RecoveryWindow,
    private readonly options: WindowRecoveryOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.maxCrashReloads = options.maxCrashReloads ?? 3;
    this.crashWindowMs = options.crashWindowMs ?? 60_000;
    this.log = options.log ?? (() => undefined);
    const contents = window.webContents;
    contents.on('render-process-gone', (_event, details) => this.onGone(details));
    contents.on('did-fail-load', (_event, errorCode, errorDescription, validatedURL, isMainFrame) => {
      if (!isMainFrame || errorCode === ERR_ABORTED || validatedURL.startsWith('data:')) return;
      this.showError(
        'Market Desk could not load its window.',
        `${errorDescription || 'The page did not load'} (error ${errorCode}).`,
      );
    });
    // The error page's Retry: a link to the app's start page, taken over here so it counts as a fresh start.
    contents.on('will-navigate', (event, url) => {
      if (this.showing !== 'error-page' || (event.url ?? url) !== options.startUrl) return;
      event.preventDefault();
      this.crashes = [];
      this.load();
    });
    window.on('unresponsive', () => this.onUnresponsive());
    // It came back by itself: the question is moot (the box closes as "Wait").
    window.on('responsive', () => this.hangDialog?.abort());
  }

  load(): void {
    this.showing = 'app';
    this.window.loadURL(this.options.startUrl).catch((error: unknown) => {
      // did-fail-load has usually shown the error page already; this catches a failure it did not report.
      const errno = (error as { errno?: unknown }).errno;
      if (errno === ERR_ABORTED || !this.alive() || this.showing === 'error-page') return;
      this.showError('Market Desk could not load its window.', error instanceof Error ? error.message : String(error));
    });
  }

  private alive(): boolean {
    return !this.window.isDestroyed();
  }

  private notify(request: Omit<MessageBoxRequest, 'buttons' | 'defaultId' | 'cancelId' | 'noLink'>): void {
    void this.options
      .showMessageBox({ ...request, buttons: ['OK'], defaultId: 0, cancelId: 0, noLink: true })
      .catch(() => undefined);
  }

  private showError(message: string, detail: string): void {
    if (!this.alive()) return;
    this.showing = 'error-page';
    this.log(`window: ${message} ${detail}`);
    this.window.loadURL(errorPageUrl(message, detail, this.options.startUrl)).catch(() => undefined);
  }

  private onGone(details: RenderProcessGoneDetails): void {
    if (!this.alive()) return;
    this.hangDialog?.abort();
    if (this.killedOnPurpose) {
      this.killedOnPurpose = false;
      return; // Reload was asked for; reload() already follows
    }
    const at = this.now();
    this.crashes = [...this.crashes.filter((t) => at - t < this.crashWindowMs), at];
    const what = describeGone(details);
    this.log(
      `window: the page's process is gone (${details.reason}, exit code ${details.exitCode}); ${this.crashes.length} in the last ${this.crashWindowMs / 1000} s`,
    );
    if (this.crashes.length > this.maxCrashReloads) {
      this.showError(
        'Market Desk\u2019s window keeps stopping.',
        `It stopped ${this.crashes.length} times within ${Math.round(this.crashWindowMs / 1000)} seconds (${what}), so it was not reloaded again.`,
      );
      return;
    }
    this.load();
    this.notify({
      type: 'info',
      title: 'Market Desk',
      message: 'Market Desk\u2019s window stopped unexpectedly and was reloaded.',
      detail: `Cause: ${what}. Your settings and saved data are kept. If this keeps happening, restart Market Desk.`,
    });
  }

  private onUnresponsive(): void {
    if (this.hangDialog || !this.alive()) return;
    const dialog = new AbortController();
    this.hangDialog = dialog;
    this.log('window: the page is not responding');
    const settle = (): void => {
      if (this.hangDialog === dialog) this.hangDialog = null;
    };
    this.options
      .showMessageBox({
        type: 'warning',
        title: 'Market Desk',
        message: 'Market Desk is not responding.',
        detail:
          'You can wait for it to finish what it is doing, or reload the window (your settings and saved data are kept).',
        buttons: ['Wait', 'Reload'],
        defaultId: WAIT,
        cancelId: WAIT,
        noLink: true,
        signal: dialog.signal,
      })
      .then(({ response }) => {
        settle();
        if (response !== RELOAD || dialog.signal.aborted || !this.alive()) return;
        // A hung renderer can't run a reload itself: end its process, then reload in a new one.
        this.killedOnPurpose = true;
        this.window.webContents.forcefullyCrashRenderer();
        this.window.webContents.reload();
      }, settle);
  }
}

function describeGone(details: RenderProcessGoneDetails): string {
  switch (details.reason) {
    case 'oom':
      return 'it ran out of memory';
    case 'crashed':
      return 'it crashed';
    case 'killed':
      return 'it was ended by the system or another program';
    case 'launch-failed':
      return 'it could not be started';
    default:
      return `${details.reason}, exit code ${details.exitCode}`;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The built-in error page: self-contained HTML in a data: URL. The CSP allows no script and no request at all
 * (only the inline style); Retry is a link to the app's start page, which main intercepts.
 */
export function errorPageUrl(message: string, detail: string, startUrl: string): string {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'">
<title>Market Desk</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font:15px/1.5 system-ui,sans-serif;background:#0f1216;color:#e6e9ee}
@media (prefers-color-scheme:light){body{background:#f4f6f9;color:#1b1f24}}
main{max-width:34rem;padding:2rem}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 1.25rem;opacity:.85}
a{display:inline-block;padding:.5rem 1.25rem;border-radius:6px;background:#3b82f6;color:#fff;text-decoration:none;font-weight:600}
</style></head>
<body><main role="alert"><h1>${escapeHtml(message)}</h1><p>${escapeHtml(detail)}</p>
<a href="${escapeHtml(startUrl)}" id="retry">Retry</a></main></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

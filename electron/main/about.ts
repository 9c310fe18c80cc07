/**
 * The About box: the app's name and version, and the Electron, Chromium and Node versions it runs on. macOS
 * shows its native About panel (app menu → About, fed by app.setAboutPanelOptions); Windows and Linux get a
 * message box from Help → About.
 *
 * Electron's `dialog` is injected so tests run this with a fake.
 */
import type { AboutPanelOptionsOptions, MessageBoxOptions } from 'electron';

export const APP_DISPLAY_NAME = 'Market Desk';

export interface AboutInfo {
  name: string;
  version: string;
  electron: string;
  chrome: string;
  node: string;
  v8: string;
  platform: string;
}

export function aboutInfo(
  app: { getVersion(): string },
  versions: Partial<Record<'electron' | 'chrome' | 'node' | 'v8', string>>,
  platform: { os: string; arch: string },
): AboutInfo {
  return {
    name: APP_DISPLAY_NAME,
    version: app.getVersion(),
    electron: versions.electron ?? 'unknown',
    chrome: versions.chrome ?? 'unknown',
    node: versions.node ?? 'unknown',
    v8: versions.v8 ?? 'unknown',
    platform: `${platform.os} ${platform.arch}`,
  };
}

/** The runtime lines, also what "Copy" puts on the clipboard for a bug report. */
function aboutDetail(info: AboutInfo): string {
  return [
    `Version ${info.version}`,
    '',
    `Electron ${info.electron}`,
    `Chromium ${info.chrome}`,
    `Node.js ${info.node}`,
    `V8 ${info.v8}`,
    `OS ${info.platform}`,
    '',
    'Prices of tradable game items across marketplaces.',
  ].join('\n');
}

/** For app.setAboutPanelOptions (the native panel on macOS and Linux). */
export function aboutPanelOptions(info: AboutInfo): AboutPanelOptionsOptions {
  return {
    applicationName: info.name,
    applicationVersion: info.version,
    version: `Electron ${info.electron}, Chromium ${info.chrome}, Node.js ${info.node}`,
    copyright: 'Copyright © 2025 Market Desk contributors',
    credits: 'Prices of tradable game items across marketplaces.',
  };
}

export function aboutMessageBox(info: AboutInfo): MessageBoxOptions {
  return {
    type: 'info',
    title: `About ${info.name}`,
    message: `${info.name} ${info.version}`,
    detail: aboutDetail(info),
    buttons: ['OK', 'Copy'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

export interface AboutDialogDeps<W> {
  dialog: {
    showMessageBox(window: W, options: MessageBoxOptions): Promise<{ response: number }>;
    showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
  };
  clipboard: { writeText(text: string): void };
  /** The window to be modal to, when there is one. */
  getWindow(): W | null;
  info: AboutInfo;
}

/** Shows the box; "Copy" puts the name, version and runtime versions on the clipboard. */
export async function showAboutDialog<W>(deps: AboutDialogDeps<W>): Promise<void> {
  const options = aboutMessageBox(deps.info);
  const window = deps.getWindow();
  const { response } = window
    ? await deps.dialog.showMessageBox(window, options)
    : await deps.dialog.showMessageBox(options);
  if (response === 1) deps.clipboard.writeText(`${deps.info.name}\n${aboutDetail(deps.info)}`);
}

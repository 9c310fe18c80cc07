/** The About box's contents and its Copy button, with a fake dialog and clipboard. */
import type { MessageBoxOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { aboutInfo, aboutMessageBox, aboutPanelOptions, showAboutDialog } from './about';

const info = aboutInfo(
  { getVersion: () => '1.4.2' },
  { electron: '45.4.1', chrome: '142.0.7444.59', node: '22.20.0', v8: '14.2.231' },
  { os: 'linux', arch: 'x64' },
);

describe('About', () => {
  it('names the app, its version and the runtime versions', () => {
    const box = aboutMessageBox(info);
    expect(box.title).toBe('About Market Desk');
    expect(box.message).toBe('Market Desk 1.4.2');
    expect(box.detail).toContain('Version 1.4.2');
    for (const part of ['Electron 45.4.1', 'Chromium 142.0.7444.59', 'Node.js 22.20.0', 'V8 14.2.231', 'OS linux x64'])
      expect(box.detail).toContain(part);
    expect(aboutPanelOptions(info)).toMatchObject({
      applicationName: 'Market Desk',
      applicationVersion: '1.4.2',
      version: expect.stringContaining('Electron 45.4.1'),
    });
  });

  it('missing runtime versions read "unknown"', () => {
    expect(aboutInfo({ getVersion: () => '0.1.0' }, {}, { os: 'darwin', arch: 'arm64' })).toMatchObject({
      electron: 'unknown',
      chrome: 'unknown',
    });
  });

  it('is modal to the window when there is one; Copy puts the versions on the clipboard, OK does not', async () => {
    const window = { id: 1 };
    const calls: unknown[][] = [];
    let response = 1;
    const dialog = {
      showMessageBox: vi.fn(async (...args: unknown[]) => {
        calls.push(args);
        return { response };
      }),
    } as unknown as {
      showMessageBox(w: typeof window | MessageBoxOptions, o?: MessageBoxOptions): Promise<{ response: number }>;
    };
    const clipboard = { writeText: vi.fn() };
    await showAboutDialog({ dialog, clipboard, info, getWindow: () => window });
    expect(calls[0]![0]).toBe(window);
    expect(clipboard.writeText).toHaveBeenCalledWith(
      expect.stringMatching(/^Market Desk\nVersion 1\.4\.2\n[\s\S]*Electron 45\.4\.1/),
    );
    response = 0;
    await showAboutDialog({ dialog, clipboard, info, getWindow: () => null });
    expect((calls[1]![0] as MessageBoxOptions).message).toBe('Market Desk 1.4.2');
    expect(clipboard.writeText).toHaveBeenCalledTimes(1);
  });
});

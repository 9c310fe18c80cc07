/** The application menu template per platform and build. */
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildAppMenuTemplate } from './app-menu';

const roles = (items: MenuItemConstructorOptions[]) => items.map((item) => item.role ?? item.label ?? item.type);
const submenu = (item: MenuItemConstructorOptions | undefined) => (item?.submenu ?? []) as MenuItemConstructorOptions[];

describe('application menu', () => {
  it('Windows and Linux: File, Edit, View, Window and Help with About', () => {
    const onAbout = vi.fn();
    for (const platform of ['win32', 'linux'] as const) {
      const template = buildAppMenuTemplate({ platform, isPackaged: true, onAbout });
      expect(roles(template)).toEqual(['fileMenu', 'editMenu', 'View', 'windowMenu', 'help']);
      const about = submenu(template.at(-1))[0]!;
      expect(about.label).toBe('About Market Desk');
      (about.click as () => void)();
    }
    expect(onAbout).toHaveBeenCalledTimes(2);
  });

  it('macOS: the app menu (with the native About) first, no Help menu of its own', () => {
    const template = buildAppMenuTemplate({ platform: 'darwin', isPackaged: true, onAbout: () => undefined });
    expect(roles(template)).toEqual(['appMenu', 'fileMenu', 'editMenu', 'View', 'windowMenu']);
  });

  it('reload and developer tools only in development; zoom and full screen always', () => {
    const view = (isPackaged: boolean) =>
      roles(submenu(buildAppMenuTemplate({ platform: 'linux', isPackaged, onAbout: () => undefined })[2]));
    expect(view(true)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'separator', 'togglefullscreen']);
    expect(view(false)).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
      'separator',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'separator',
      'togglefullscreen',
    ]);
  });
});

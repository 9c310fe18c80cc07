/**
 * The application menu: the platform's standard menus from Electron's roles, so labels, order and shortcuts are
 * what people expect. macOS: the app menu (About, Hide, Quit…), File, Edit, View, Window; Windows and Linux: File
 * (Quit), Edit, View, Window, Help → About Market Desk. Reload and the developer tools only in development (a
 * packaged app has devTools off, and a reload would only throw away what is on screen).
 * Pure data (Electron's MenuItemConstructorOptions); main.ts passes it to Menu.buildFromTemplate.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { APP_DISPLAY_NAME } from './about';

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** app.isPackaged: no reload or developer tools when true. */
  isPackaged: boolean;
  /** Windows and Linux About box (macOS uses the native panel through the `about` role). */
  onAbout(): void;
}

export function buildAppMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const development: MenuItemConstructorOptions[] = options.isPackaged
    ? []
    : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }];
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...development,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
  ];
  if (!mac) {
    template.push({
      role: 'help',
      submenu: [{ label: `About ${APP_DISPLAY_NAME}`, click: () => options.onAbout() }],
    });
  }
  return template;
}

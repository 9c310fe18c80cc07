/** The Settings page: connection, display preferences, price history, storage, shortcuts. Escape leaves it. */
import type { PageDescriptor } from '../../lib/pages';
import { SHORTCUTS } from '../../lib/shortcuts';
import { SettingsScreen } from './SettingsScreen';

export const page: PageDescriptor = {
  route: 'settings',
  label: 'Settings',
  shortcut: SHORTCUTS.settings,
  Screen: SettingsScreen,
  what: 'Settings',
  keywords: 'preferences',
  escapeTo: 'prices',
};

/**
 * The price grid. The Prices page (page.ts) mounts <GridScreen />.
 * <GridSettingsSections /> (markets list + fees) can also be mounted on the Settings page.
 */
import './grid.css';

export { GridScreen } from './GridScreen';
export { GridSettingsSections } from './GridSettings';

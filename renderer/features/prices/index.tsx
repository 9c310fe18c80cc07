/**
 * Issue 4, the price grid. The shell mounts <GridScreen /> on the Prices page.
 * <GridSettingsSections /> (markets list + fees) can also be mounted on the Settings page.
 */
import './grid.css';

export { GridScreen } from './GridScreen';
export { GridSettingsSections } from './GridSettings';

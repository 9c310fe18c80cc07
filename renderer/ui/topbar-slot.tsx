/** The top bar's slot element, which a page may fill through a portal while it is mounted. */
import { createContext } from 'react';

export const TopBarSlotContext = createContext<HTMLElement | null>(null);

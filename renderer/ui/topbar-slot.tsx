/**
 * A slot in the top bar that a page can fill (the grid's search box or market picker, say):
 *
 *   <TopBarPortal><input type="search" aria-label="Filter items" /></TopBarPortal>
 *
 * Content shows only while the page that renders it is mounted.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export const TopBarSlotContext = createContext<HTMLElement | null>(null);

export function TopBarPortal({ children }: { children: ReactNode }) {
  const target = useContext(TopBarSlotContext);
  return target ? createPortal(children, target) : null;
}

/** Where the Prices page's search box goes: the shell's top-bar slot when there is one (more room), else inline. */
import { useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TopBarSlotContext } from '../../ui/topbar-slot';

export function SearchSlot({ children }: { children: ReactNode }) {
  const slot = useContext(TopBarSlotContext);
  return slot ? (
    createPortal(<div className="gs__topsearch">{children}</div>, slot)
  ) : (
    <div className="view__toolbar">{children}</div>
  );
}

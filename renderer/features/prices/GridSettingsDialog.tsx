/** The Markets & fees dialog of the Prices page: the same sections as Settings, in a modal dialog. */
import type { RefObject } from 'react';
import { GridSettingsSections } from './GridSettings';

export function GridSettingsDialog({ ref }: { ref: RefObject<HTMLDialogElement | null> }) {
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      className="dialog gs__dialog"
      aria-label="Markets and fees"
      onClick={(e) => e.target === ref.current && close()}
    >
      <div className="gs__dialogbody">
        <GridSettingsSections />
        <div className="gs__dialogfoot">
          <button type="button" className="btn" onClick={close}>
            Done
          </button>
        </div>
      </div>
    </dialog>
  );
}

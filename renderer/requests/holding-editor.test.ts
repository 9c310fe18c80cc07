/**
 * The holding editor's request gives focus back to where the editor was opened from, like the alert
 * editor's: not while its modal dialog is still up (the page behind it is inert), but once it is gone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeHoldingEditor, openHoldingEditor, restoreHoldingEditorFocus } from './holding-editor';

/** An element as the DOM has it for focus: a removed one can't take focus. */
class Opener {
  isConnected = true;
  focused = 0;
  focus(): void {
    if (this.isConnected) this.focused++;
  }
}

afterEach(() => {
  closeHoldingEditor();
  restoreHoldingEditorFocus();
});

describe('the holding editor request', () => {
  it('gives focus back to the element that opened it once the closed dialog is gone, once', () => {
    const opener = new Opener();
    openHoldingEditor({ mode: 'new', game: 730, name: 'AK-47 | Redline (Field-Tested)', returnFocus: opener });
    closeHoldingEditor();
    expect(opener.focused).toBe(0);
    restoreHoldingEditorFocus();
    expect(opener.focused).toBe(1);
    restoreHoldingEditorFocus();
    expect(opener.focused).toBe(1);
  });

  it('not to an element removed meanwhile, and not when another editor replaced it', () => {
    const gone = new Opener();
    openHoldingEditor({ mode: 'edit', holdingId: 'h1', returnFocus: gone });
    closeHoldingEditor();
    gone.isConnected = false;
    restoreHoldingEditorFocus();
    expect(gone.focused).toBe(0);

    const first = new Opener();
    const second = new Opener();
    openHoldingEditor({ mode: 'edit', holdingId: 'h1', returnFocus: first });
    openHoldingEditor({ mode: 'edit', holdingId: 'h2', returnFocus: second });
    restoreHoldingEditorFocus();
    expect(first.focused + second.focused).toBe(0);
    closeHoldingEditor();
    restoreHoldingEditorFocus();
    expect([first.focused, second.focused]).toEqual([0, 1]);
  });
});

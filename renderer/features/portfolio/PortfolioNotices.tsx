/** The Portfolio page's messages above the tables: a failed load or write, unreadable records, Undo, the export's outcome. */
import { portfolioRuntime, type PortfolioView, type UndoNote } from './portfolio-state';
import { dropNote } from './note-state';
import { UndoNoteBar } from './UndoNoteBar';

interface PortfolioNoticesProps {
  view: PortfolioView;
  note: UndoNote | null;
  exportMessage: { text: string; tone: 'ok' | 'info' | 'error' } | null;
}

export function PortfolioNotices({ view, note, exportMessage }: PortfolioNoticesProps) {
  return (
    <>
      {view.loadError ? (
        <p className="pf-problem" role="alert" data-testid="pf-load-error">
          {view.loadError}{' '}
          <button type="button" className="btn btn--small" onClick={() => void portfolioRuntime().reload()}>
            Try again
          </button>
        </p>
      ) : null}
      {view.problem ? (
        <p className="pf-problem" role="alert" data-testid="pf-write-problem">
          {view.problem}
        </p>
      ) : null}
      {view.invalid > 0 ? (
        <p className="pf-problem is-info">
          {view.invalid} saved {view.invalid === 1 ? 'record' : 'records'} could not be read (from another version?) and{' '}
          {view.invalid === 1 ? 'is' : 'are'} left out.
        </p>
      ) : null}
      {note ? (
        <p className="pf-problem is-info">
          <UndoNoteBar note={note} onDone={() => dropNote(note)} />
        </p>
      ) : null}
      {exportMessage ? (
        <p
          className={`pf-problem ${exportMessage.tone === 'error' ? '' : 'is-info'}`}
          role={exportMessage.tone === 'error' ? 'alert' : 'status'}
        >
          {exportMessage.text}
        </p>
      ) : null}
    </>
  );
}

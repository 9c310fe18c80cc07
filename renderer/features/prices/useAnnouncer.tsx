/**
 * Short confirmations ("Added X to the watchlist", "Exported N rows"): read by screen readers from a
 * polite live region and shown as a toast, then cleared.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const SHOWN_MS = 3500;

export function useAnnouncer(): [string, (t: string) => void] {
  const [text, setText] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const announce = useCallback((t: string) => {
    setText(t);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setText(''), SHOWN_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [text, announce];
}

export function Announcement({ text, testId }: { text: string; testId: string }) {
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid={testId}>
        {text}
      </div>
      {text ? (
        <div className="gs__toast" aria-hidden="true">
          {text}
        </div>
      ) : null}
    </>
  );
}

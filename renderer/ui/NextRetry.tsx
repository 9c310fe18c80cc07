/** "Next try in 12 s": the host's reconnect schedule, counted down once a second. */
import { useEffect, useState } from 'react';

/** Whole seconds until `at` (0 once it has passed); re-renders every second while counting. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function NextRetry({ at }: { at: number | null }) {
  const seconds = useSecondsUntil(at);
  return (
    <span className="next-retry" data-testid="next-retry">
      {seconds === null || seconds === 0 ? 'Trying again now\u2026' : `Next try in ${seconds} s.`}
    </span>
  );
}

/** True once `on` has stayed true for `delayMs`; false as soon as it turns false. */
import { useEffect, useState } from 'react';

export function useShownAfter(on: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(t);
  }, [on, delayMs]);
  return shown;
}

/**
 * The page's one-line message under the toolbar (an export's result, an item without live prices, the
 * detail panel's confirmations): a confirmation ('ok') clears itself after a while, the others stay
 * until the next message.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

export interface RecMessage {
  text: string;
  tone: 'ok' | 'error' | 'info';
}

const OK_SHOWN_MS = 8000;

export function useRecMessage(): [RecMessage | null, Dispatch<SetStateAction<RecMessage | null>>] {
  const [message, setMessage] = useState<RecMessage | null>(null);
  useEffect(() => {
    if (message?.tone !== 'ok') return;
    const t = setTimeout(() => setMessage(null), OK_SHOWN_MS);
    return () => clearTimeout(t);
  }, [message]);
  return [message, setMessage];
}

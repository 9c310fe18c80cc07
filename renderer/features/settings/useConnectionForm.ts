/**
 * The Connection card's model: the typed Base URL and key, their errors, the busy action and its outcome.
 * The key lives only in this state while typed, is sent to the host once, and is cleared after a successful
 * connect; a failure keeps what was typed.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkBaseUrl } from '../../../shared/api/base-url';
import type { ConnectionStatus } from '../../../shared/api/status';
import { useConnection } from '../../platform/connection';
import { keyStorageView } from '../../ui/status-view';
import { failureOf, keptConnectionText, outcomeOf, type Outcome } from './connect-outcome';
import { validateBaseUrl, validateConnectForm, type ConnectFormErrors } from './validate';

type Busy = 'connect' | 'demo' | 'forget' | null;

/** What is typed, its errors, and the fields' handlers. */
function useConnectionFields(status: ConnectionStatus | null) {
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [acceptWeak, setAcceptWeak] = useState(false);
  const [errors, setErrors] = useState<ConnectFormErrors>({});
  const [validateLive, setValidateLive] = useState(false);
  const touched = useRef(false);
  const baseUrlInput = useRef<HTMLInputElement>(null);
  const apiKeyInput = useRef<HTMLInputElement>(null);
  const hasKey = status?.hasKey ?? false;

  // Fill the Base URL from the current connection once, unless the user has typed already.
  useEffect(() => {
    if (!status || touched.current) return;
    touched.current = true;
    setBaseUrl(status.baseUrl);
  }, [status]);

  return {
    baseUrl,
    apiKey,
    showKey,
    acceptWeak,
    errors,
    baseUrlInput,
    apiKeyInput,
    setAcceptWeak,
    setApiKey,
    toggleShowKey: () => setShowKey((v) => !v),
    onBaseUrlChange: (v: string) => {
      touched.current = true;
      setBaseUrl(v);
      if (validateLive || errors.baseUrl) setErrors((e) => ({ ...e, baseUrl: validateBaseUrl(v) ?? undefined }));
    },
    onBaseUrlBlur: () => baseUrl.trim() && setErrors((x) => ({ ...x, baseUrl: validateBaseUrl(baseUrl) ?? undefined })),
    onApiKeyChange: (v: string) => {
      setApiKey(v);
      if (errors.apiKey) setErrors((e) => ({ ...e, apiKey: undefined }));
    },
    /** Checks both fields (and keeps checking as the user types); false puts the focus on the first wrong one. */
    validate: (): boolean => {
      const found = validateConnectForm({ baseUrl, apiKey }, hasKey);
      setErrors(found);
      setValidateLive(true);
      if (!found.baseUrl && !found.apiKey) return true;
      (found.baseUrl ? baseUrlInput : apiKeyInput).current?.focus();
      return false;
    },
    /** After a successful connect: the key leaves the page, the Base URL shows the host's form of it. */
    connected: (url: string) => {
      setApiKey('');
      setShowKey(false);
      setBaseUrl(url);
    },
  };
}

export function useConnectionForm() {
  const { status, api, connect, switchToDemo, forgetKey } = useConnection();
  const fields = useConnectionFields(status);
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmForget, setConfirmForget] = useState(false);
  const hasKey = status?.hasKey ?? false;
  const { baseUrl, apiKey } = fields;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!fields.validate()) {
      setOutcome(null);
      return;
    }
    // Both fields empty and no stored key: that is the demo choice.
    if (!baseUrl.trim() && !apiKey.trim() && !hasKey) {
      await run('demo');
      return;
    }
    setBusy('connect');
    setOutcome(null);
    const previous = status;
    try {
      // Checked above, so this is its normalized form; the host checks it again.
      const checked = checkBaseUrl(baseUrl);
      const s = await connect({
        baseUrl: checked.ok ? checked.baseUrl : baseUrl.trim(),
        apiKey: apiKey.trim(),
        acceptWeakStorage: fields.acceptWeak,
      });
      const result = outcomeOf(s, 'connect');
      if (result.tone === 'ok') {
        setOutcome(result);
        fields.connected(s.baseUrl);
        return;
      }
      // The host tries a new connection on the side: a failed one is not stored and what worked before
      // stays in use, so say which.
      setOutcome({ ...result, detail: keptConnectionText(previous) });
    } catch (err) {
      setOutcome(failureOf(err));
    } finally {
      setBusy(null);
    }
  }

  async function run(kind: 'demo' | 'forget') {
    if (busy) return;
    setBusy(kind);
    setOutcome(null);
    try {
      const s = await (kind === 'demo' ? switchToDemo() : forgetKey());
      setOutcome(outcomeOf(s, kind));
      if (kind === 'forget') fields.setApiKey('');
    } catch (err) {
      setOutcome(failureOf(err));
    } finally {
      setBusy(null);
      if (kind === 'forget') setConfirmForget(false);
    }
  }

  const storage = status ? keyStorageView(status, api.host) : null;
  return { ...fields, status, hasKey, storage, busy, outcome, confirmForget, setConfirmForget, onSubmit, run };
}

/**
 * Base URL + API key form. The key lives only in this component's state while typed, is sent to the
 * host once, and the field is cleared after a successful connect. A failure keeps what was typed and
 * says why inline; the host keeps serving the previous connection (or demo) meanwhile.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { checkBaseUrl } from '../../../shared/api/base-url';
import type { ConnectionStatus } from '../../../shared/api/status';
import { useConnection } from '../../platform/connection';
import { Icon } from '../../ui/Icon';
import { keyStorageView, STATE_VIEW, statusWords } from '../../ui/status-view';
import { describeError, isPlatformError } from '../../platform';
import { ForgetKey } from './ForgetKey';
import { validateBaseUrl, validateConnectForm, type ConnectFormErrors } from './validate';

interface OutcomeValue {
  tone: 'ok' | 'error';
  message: string;
  action?: string;
  detail?: string;
}
type Outcome = OutcomeValue | null;
type Busy = 'connect' | 'demo' | 'forget' | null;

function outcomeOf(s: ConnectionStatus, what: 'connect' | 'demo' | 'forget'): OutcomeValue {
  if (s.state === 'connected') {
    return {
      tone: 'ok',
      message: s.baseUrl
        ? `Connected to ${s.baseUrl}. Prices now come from your service.`
        : 'Connected to the built-in reference service with your key.',
    };
  }
  if (s.state === 'demo') {
    return {
      tone: 'ok',
      message:
        what === 'forget'
          ? 'Key forgotten. Showing demo data from the built-in reference service.'
          : 'Using demo data from the built-in reference service.',
    };
  }
  const w = statusWords(s);
  return { tone: 'error', message: w.message, action: w.action };
}

function failureOf(e: unknown): OutcomeValue {
  return {
    tone: 'error',
    message: describeError(e),
    detail: isPlatformError(e) && e.detail ? e.detail : undefined,
  };
}

export function ConnectionSection() {
  const { status, api, connect, switchToDemo, forgetKey } = useConnection();
  const id = useId();
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [acceptWeak, setAcceptWeak] = useState(false);
  const [errors, setErrors] = useState<ConnectFormErrors>({});
  const [validateLive, setValidateLive] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmForget, setConfirmForget] = useState(false);
  const touched = useRef(false);
  const baseUrlInput = useRef<HTMLInputElement>(null);
  const apiKeyInput = useRef<HTMLInputElement>(null);

  // Fill the Base URL from the current connection once, unless the user has typed already.
  useEffect(() => {
    if (!status || touched.current) return;
    touched.current = true;
    setBaseUrl(status.baseUrl);
  }, [status]);

  const hasKey = status?.hasKey ?? false;
  const storage = status ? keyStorageView(status, api.host) : null;

  const onBaseUrlChange = (v: string) => {
    touched.current = true;
    setBaseUrl(v);
    if (validateLive || errors.baseUrl) setErrors((e) => ({ ...e, baseUrl: validateBaseUrl(v) ?? undefined }));
  };
  const onApiKeyChange = (v: string) => {
    setApiKey(v);
    if (errors.apiKey) setErrors((e) => ({ ...e, apiKey: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = validateConnectForm({ baseUrl, apiKey }, hasKey);
    setErrors(found);
    setValidateLive(true);
    if (found.baseUrl || found.apiKey) {
      setOutcome(null);
      (found.baseUrl ? baseUrlInput : apiKeyInput).current?.focus();
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
        acceptWeakStorage: acceptWeak,
      });
      const result = outcomeOf(s, 'connect');
      if (result.tone === 'ok') {
        setOutcome(result);
        setApiKey('');
        setShowKey(false);
        setBaseUrl(s.baseUrl);
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
      if (kind === 'forget') setApiKey('');
    } catch (err) {
      setOutcome(failureOf(err));
    } finally {
      setBusy(null);
      if (kind === 'forget') setConfirmForget(false);
    }
  }

  const ids = {
    url: `${id}-url`,
    urlHint: `${id}-url-hint`,
    urlError: `${id}-url-error`,
    key: `${id}-key`,
    keyHint: `${id}-key-hint`,
    keyError: `${id}-key-error`,
    weak: `${id}-weak`,
  };

  return (
    <section className="card card--connection" aria-labelledby={`${id}-h`}>
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Connection
        </h2>
      </div>
      <CurrentStatus />
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy !== null}>
        <div className="field">
          <label className="field__label" htmlFor={ids.url}>
            Base URL
          </label>
          <input
            ref={baseUrlInput}
            id={ids.url}
            name="baseUrl"
            className="input"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="Embedded reference service (empty = demo data)"
            value={baseUrl}
            aria-invalid={errors.baseUrl ? true : undefined}
            aria-describedby={errors.baseUrl ? `${ids.urlError} ${ids.urlHint}` : ids.urlHint}
            onChange={(e) => onBaseUrlChange(e.target.value)}
            onBlur={() =>
              baseUrl.trim() && setErrors((x) => ({ ...x, baseUrl: validateBaseUrl(baseUrl) ?? undefined }))
            }
          />
          {errors.baseUrl ? (
            <p id={ids.urlError} className="field__error" role="alert">
              {errors.baseUrl}
            </p>
          ) : null}
          <p id={ids.urlHint} className="field__hint">
            The address of your market data service, e.g. https://api.example.com. Leave it empty to use the built-in
            reference service.
          </p>
        </div>

        <div className="field">
          <label className="field__label" htmlFor={ids.key}>
            API key
          </label>
          <div className="input-group">
            <input
              ref={apiKeyInput}
              id={ids.key}
              name="apiKey"
              className="input input--mono"
              type={showKey ? 'text' : 'password'}
              autoComplete="off"
              autoCapitalize="off"
              data-lpignore="true"
              data-1p-ignore="true"
              spellCheck={false}
              placeholder={
                hasKey ? '•••••••• (saved; leave empty to keep it for the same service)' : 'Paste your API key'
              }
              value={apiKey}
              aria-invalid={errors.apiKey ? true : undefined}
              aria-describedby={errors.apiKey ? `${ids.keyError} ${ids.keyHint}` : ids.keyHint}
              onChange={(e) => onApiKeyChange(e.target.value)}
            />
            <button
              type="button"
              className="btn btn--icon input-group__button"
              aria-controls={ids.key}
              aria-pressed={showKey}
              title={showKey ? 'Hide the key again' : 'Show the key as you type it'}
              onClick={() => setShowKey((v) => !v)}
            >
              <Icon name={showKey ? 'eye-off' : 'eye'} />
              <span>Show</span>
            </button>
          </div>
          {errors.apiKey ? (
            <p id={ids.keyError} className="field__error" role="alert">
              {errors.apiKey}
            </p>
          ) : null}
          <p id={ids.keyHint} className="field__hint">
            {hasKey
              ? 'A key is stored. Paste a new one to replace it, or leave this empty to keep using it.'
              : 'Log in to your profile on the service\u2019s website, open \u201cAPI Keys\u201d, and generate or copy a key.'}{' '}
            Market Desk sends it to its back end once; this window never keeps it.
          </p>
          <SiteLink baseUrl={baseUrl} />
        </div>

        {storage ? (
          <div className="key-storage" data-storage={status?.keyStorage} data-testid="key-storage">
            <p className="key-storage__title">Where the key is kept</p>
            <p className="key-storage__text">{storage.explain}</p>
            {storage.offerWeak ? (
              <label className="check" htmlFor={ids.weak}>
                <input
                  id={ids.weak}
                  type="checkbox"
                  checked={acceptWeak}
                  onChange={(e) => setAcceptWeak(e.target.checked)}
                />
                <span>Store it anyway, without OS encryption</span>
              </label>
            ) : null}
          </div>
        ) : null}

        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy !== null}>
            {busy === 'connect' ? <Icon name="spinner" /> : null}
            {busy === 'connect' ? 'Connecting…' : 'Connect'}
          </button>
          <button type="button" className="btn" disabled={busy !== null} onClick={() => void run('demo')}>
            {busy === 'demo' ? <Icon name="spinner" /> : null}
            Use demo data
          </button>
          {hasKey && status ? (
            <ForgetKey
              status={status}
              confirming={confirmForget}
              busy={busy !== null}
              forgetting={busy === 'forget'}
              onAsk={() => setConfirmForget(true)}
              onCancel={() => setConfirmForget(false)}
              onForget={() => void run('forget')}
            />
          ) : null}
        </div>

        <div className="form__outcome" aria-live="polite">
          {outcome ? (
            <div
              className="notice"
              data-tone={outcome.tone}
              role={outcome.tone === 'error' ? 'alert' : 'status'}
              data-testid="connect-outcome"
            >
              <Icon name={outcome.tone === 'ok' ? 'ok' : 'error'} />
              <div className="notice__text">
                <strong>{outcome.message}</strong>
                {outcome.action ? <span>{outcome.action}</span> : null}
                {outcome.detail ? <span className="notice__detail">{outcome.detail}</span> : null}
              </div>
            </div>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** "Open api.example.com in your browser", to fetch a key, for a valid https Base URL. */
function SiteLink({ baseUrl }: { baseUrl: string }) {
  const { api } = useConnection();
  const [error, setError] = useState('');
  const checked = checkBaseUrl(baseUrl);
  if (!checked.ok || !checked.baseUrl.startsWith('https:')) return null;
  const origin = new URL(checked.baseUrl).origin;
  return (
    <p className="field__hint">
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setError('');
          api.openExternal(`${origin}/`).catch((e: unknown) => setError(describeError(e)));
        }}
      >
        Open {new URL(origin).host} in your browser
      </button>
      {error ? <span className="field__error"> {error}</span> : null}
    </p>
  );
}

/** The current state, in words, at the top of the Connection card. */
function CurrentStatus() {
  const { status, problem } = useConnection();
  if (problem) {
    return (
      <div className="current-status" data-tone="error">
        <span className="current-status__dot" aria-hidden="true" />
        <div>
          <p className="current-status__label">Host problem</p>
          <p className="current-status__message">{problem.message}</p>
        </div>
      </div>
    );
  }
  if (!status) {
    return (
      <div className="current-status" data-tone="busy">
        <span className="current-status__dot" aria-hidden="true" />
        <p className="current-status__label">Reading the connection status…</p>
      </div>
    );
  }
  const view = STATE_VIEW[status.state];
  const words = statusWords(status);
  return (
    <div className="current-status" data-tone={view.tone} data-testid="current-status" data-state={status.state}>
      <span className="current-status__dot" aria-hidden="true" />
      <div>
        <p className="current-status__label">
          {view.label}
          {status.state === 'connected' && status.baseUrl ? (
            <span className="current-status__url"> · {status.baseUrl}</span>
          ) : null}
        </p>
        <p className="current-status__message">{words.message}</p>
        {words.action ? <p className="current-status__action">{words.action}</p> : null}
      </div>
    </div>
  );
}

/** What keeps serving data after a failed connect. */
function keptConnectionText(previous: ConnectionStatus | null): string {
  if (previous?.state === 'connected') return 'Your previous connection stays in use meanwhile.';
  return 'Market Desk keeps showing demo data meanwhile.';
}

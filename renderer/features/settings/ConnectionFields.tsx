/** The Connection form's fields: Base URL, API key (with Show and the service's site link), where the key is kept. */
import { useState, type RefObject } from 'react';
import { checkBaseUrl } from '../../../shared/api/base-url';
import { useConnection } from '../../platform/connection';
import { describeError } from '../../platform';
import { Icon } from '../../ui/Icon';
import type { KeyStorageView } from '../../ui/status-view';
import type { KeyStorage } from '../../../shared/api/status';

/** The field's error (an alert) when there is one. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

export function BaseUrlField({
  id,
  inputRef,
  value,
  error,
  onChange,
  onBlur,
}: {
  /** The form's id prefix (useId). */
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const ids = { url: `${id}-url`, hint: `${id}-url-hint`, error: `${id}-url-error` };
  return (
    <div className="field">
      <label className="field__label" htmlFor={ids.url}>
        Base URL
      </label>
      <input
        ref={inputRef}
        id={ids.url}
        name="baseUrl"
        className="input"
        type="text"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="Embedded reference service (empty = demo data)"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={ids.error} error={error} />
      <p id={ids.hint} className="field__hint">
        The address of your market data service, e.g. https://api.example.com. Leave it empty to use the built-in
        reference service.
      </p>
    </div>
  );
}

export function ApiKeyField({
  id,
  inputRef,
  value,
  error,
  hasKey,
  showKey,
  baseUrl,
  onChange,
  onToggleShow,
}: {
  /** The form's id prefix (useId). */
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  error: string | undefined;
  hasKey: boolean;
  showKey: boolean;
  /** The typed Base URL, for the link to the service's site. */
  baseUrl: string;
  onChange: (value: string) => void;
  onToggleShow: () => void;
}) {
  const ids = { key: `${id}-key`, hint: `${id}-key-hint`, error: `${id}-key-error` };
  return (
    <div className="field">
      <label className="field__label" htmlFor={ids.key}>
        API key
      </label>
      <div className="input-group">
        <input
          ref={inputRef}
          id={ids.key}
          name="apiKey"
          className="input input--mono"
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          autoCapitalize="off"
          data-lpignore="true"
          data-1p-ignore="true"
          spellCheck={false}
          placeholder={hasKey ? '•••••••• (saved; leave empty to keep it for the same service)' : 'Paste your API key'}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="btn btn--icon input-group__button"
          aria-controls={ids.key}
          aria-pressed={showKey}
          title={showKey ? 'Hide the key again' : 'Show the key as you type it'}
          onClick={onToggleShow}
        >
          <Icon name={showKey ? 'eye-off' : 'eye'} />
          <span>Show</span>
        </button>
      </div>
      <FieldError id={ids.error} error={error} />
      <p id={ids.hint} className="field__hint">
        {hasKey
          ? 'A key is stored. Paste a new one to replace it, or leave this empty to keep using it.'
          : 'Log in to your profile on the service\u2019s website, open \u201cAPI Keys\u201d, and generate or copy a key.'}{' '}
        Market Desk sends it to its back end once; this window never keeps it.
      </p>
      <SiteLink baseUrl={baseUrl} />
    </div>
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

/** Where the host keeps the key, and the choice to store it without OS encryption where that is all there is. */
export function KeyStorageChoice({
  id,
  storage,
  keyStorage,
  acceptWeak,
  onAcceptWeak,
}: {
  /** The form's id prefix (useId). */
  id: string;
  storage: KeyStorageView;
  keyStorage: KeyStorage | undefined;
  acceptWeak: boolean;
  onAcceptWeak: (accept: boolean) => void;
}) {
  const weak = `${id}-weak`;
  return (
    <div className="key-storage" data-storage={keyStorage} data-testid="key-storage">
      <p className="key-storage__title">Where the key is kept</p>
      <p className="key-storage__text">{storage.explain}</p>
      {storage.offerWeak ? (
        <label className="check" htmlFor={weak}>
          <input id={weak} type="checkbox" checked={acceptWeak} onChange={(e) => onAcceptWeak(e.target.checked)} />
          <span>Store it anyway, without OS encryption</span>
        </label>
      ) : null}
    </div>
  );
}

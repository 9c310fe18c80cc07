/**
 * Settings → Connection: the Base URL + API key form (its model: useConnectionForm). The key is sent to the
 * host once and the field is cleared after a successful connect. A failure keeps what was typed and says why
 * inline; the host keeps serving the previous connection (or demo) meanwhile.
 */
import { useId } from 'react';
import { Icon } from '../../ui/Icon';
import type { Outcome } from './connect-outcome';
import { ApiKeyField, BaseUrlField, KeyStorageChoice } from './ConnectionFields';
import { CurrentStatus } from './CurrentStatus';
import { ForgetKey } from './ForgetKey';
import { useConnectionForm } from './useConnectionForm';

export function ConnectionSection() {
  const form = useConnectionForm();
  const { status, hasKey, storage, busy, run } = form;
  const id = useId();
  return (
    <section className="card card--connection" aria-labelledby={`${id}-h`}>
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Connection
        </h2>
      </div>
      <CurrentStatus />
      <form className="form" noValidate onSubmit={(e) => void form.onSubmit(e)} aria-busy={busy !== null}>
        <BaseUrlField
          id={id}
          inputRef={form.baseUrlInput}
          value={form.baseUrl}
          error={form.errors.baseUrl}
          onChange={form.onBaseUrlChange}
          onBlur={form.onBaseUrlBlur}
        />
        <ApiKeyField
          id={id}
          inputRef={form.apiKeyInput}
          value={form.apiKey}
          error={form.errors.apiKey}
          hasKey={hasKey}
          showKey={form.showKey}
          baseUrl={form.baseUrl}
          onChange={form.onApiKeyChange}
          onToggleShow={form.toggleShowKey}
        />
        {storage ? (
          <KeyStorageChoice
            id={id}
            storage={storage}
            keyStorage={status?.keyStorage}
            acceptWeak={form.acceptWeak}
            onAcceptWeak={form.setAcceptWeak}
          />
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
              confirming={form.confirmForget}
              busy={busy !== null}
              forgetting={busy === 'forget'}
              onAsk={() => form.setConfirmForget(true)}
              onCancel={() => form.setConfirmForget(false)}
              onForget={() => void run('forget')}
            />
          ) : null}
        </div>
        <ConnectOutcome outcome={form.outcome} />
      </form>
    </section>
  );
}

/** What the last action brought, announced politely; an error as an alert. */
function ConnectOutcome({ outcome }: { outcome: Outcome }) {
  return (
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
  );
}

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KEY_STORAGES, type ConnectionStatus, type KeyStorage } from '../../../shared/api/status';
import { ForgetKey, forgetKeyQuestion } from './ForgetKey';

function status(keyStorage: KeyStorage): ConnectionStatus {
  return {
    state: 'connected',
    baseUrl: 'https://api.example.test',
    message: '',
    action: '',
    hasKey: keyStorage !== 'none',
    keyStorage,
    weakStorageOnly: false,
    nextRetryAt: null,
    since: 0,
  };
}
const noop = () => undefined;

describe('Forget key asks first', () => {
  it('closed: one button that only opens the question (it forgets nothing by itself)', () => {
    let forgot = 0;
    const html = renderToStaticMarkup(
      <ForgetKey
        status={status('os-encrypted')}
        confirming={false}
        busy={false}
        onAsk={noop}
        onCancel={noop}
        onForget={() => (forgot += 1)}
      />,
    );
    expect(html).toContain('Forget key…');
    expect(html).not.toContain('data-testid="forget-key-confirm"');
    expect(forgot).toBe(0);
  });

  it('open: the question, what it deletes, and Keep key (focused) beside Forget key', () => {
    const html = renderToStaticMarkup(
      <ForgetKey status={status('file-0600')} confirming busy={false} onAsk={noop} onCancel={noop} onForget={noop} />,
    );
    expect(html).toContain('data-testid="forget-key-confirm"');
    expect(html).toContain('role="alertdialog"');
    expect(html).toContain('Forget your API key?');
    expect(html).toMatch(/<button[^>]*>Forget key<\/button>/);
    expect(html).toMatch(/<button[^>]*autofocus=""[^>]*>Keep key<\/button>|<button[^>]*>Keep key<\/button>/);
    expect(html).not.toContain('Forget key…');
  });

  it('says for every kind of storage what is deleted, and that the key must be typed again', () => {
    const texts = KEY_STORAGES.filter((k) => k !== 'none').map((k) => [k, forgetKeyQuestion(status(k))] as const);
    for (const [kind, text] of texts) {
      expect(text.question, kind).toBe('Forget your API key?');
      expect(text.consequence, kind).toMatch(/cannot be undone/);
      expect(text.consequence, kind).toMatch(/type it again/);
    }
    expect(forgetKeyQuestion(status('file-0600')).consequence).toMatch(/key file/);
    expect(forgetKeyQuestion(status('os-encrypted')).consequence).toMatch(/deleted from this computer/);
    expect(forgetKeyQuestion(status('memory')).consequence).toMatch(/stops using/);
  });
});

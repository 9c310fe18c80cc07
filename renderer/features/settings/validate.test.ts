import { describe, expect, it } from 'vitest';
import { validateApiKey, validateBaseUrl, validateConnectForm } from './validate';

describe('Base URL validation', () => {
  // The rules are shared/api/base-url.ts (its test has the table); the form shows their sentence or nothing.
  it('is null for a usable address and a sentence for the rest', () => {
    expect(validateBaseUrl('')).toBeNull();
    expect(validateBaseUrl(' https://api.example.com/api/v2 ')).toBeNull();
    expect(validateBaseUrl('http://api.example.com')).toMatch(/clear text/);
  });
});

describe('API key validation', () => {
  it('needs a key for a Base URL unless one is stored', () => {
    expect(validateApiKey('', true)).toMatch(/Enter your API key/);
    expect(validateApiKey('', false)).toBeNull();
    expect(validateApiKey('abc def', false)).toMatch(/no spaces/);
    expect(validateApiKey('x'.repeat(5000), false)).toMatch(/too long/);
    expect(validateApiKey('  good-key  ', true)).toBeNull();
  });

  it('the whole form', () => {
    expect(validateConnectForm({ baseUrl: 'https://api.example.com', apiKey: '' }, false)).toEqual({
      apiKey: expect.stringMatching(/Enter your API key/),
    });
    expect(validateConnectForm({ baseUrl: 'https://api.example.com', apiKey: '' }, true)).toEqual({});
    expect(validateConnectForm({ baseUrl: 'nope', apiKey: 'k' }, false)).toEqual({ baseUrl: expect.any(String) });
    expect(validateConnectForm({ baseUrl: '', apiKey: '' }, false)).toEqual({});
  });
});

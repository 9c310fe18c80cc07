import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl, validateApiKey, validateBaseUrl, validateConnectForm } from './validate';

describe('Base URL validation', () => {
  it('accepts empty (demo) and https / loopback http addresses', () => {
    for (const ok of ['', '   ', 'https://api.example.com', 'https://api.example.com/', 'https://x.io:8443/base', 'http://127.0.0.1:4000', 'http://localhost:3000']) {
      expect(validateBaseUrl(ok), ok).toBeNull();
    }
  });

  it('says what is wrong with the rest', () => {
    expect(validateBaseUrl('api.example.com')).toMatch(/starting with https:\/\//);
    expect(validateBaseUrl('ftp://api.example.com')).toMatch(/https:\/\//);
    expect(validateBaseUrl('javascript:alert(1)')).toMatch(/https:\/\//);
    expect(validateBaseUrl('http://api.example.com')).toMatch(/clear text/);
    expect(validateBaseUrl('https://user:pw@api.example.com')).toMatch(/user name or password/);
    expect(validateBaseUrl('https://api.example.com/?key=1')).toMatch(/\?/);
    expect(validateBaseUrl('https://api.exa mple.com')).toMatch(/spaces/);
    expect(validateBaseUrl('https://')).not.toBeNull();
  });

  it('normalizes slashes and a pasted /api/v2 suffix', () => {
    expect(normalizeBaseUrl(' https://api.example.com/ ')).toBe('https://api.example.com');
    expect(normalizeBaseUrl('https://api.example.com/api/v2')).toBe('https://api.example.com');
    expect(normalizeBaseUrl('https://api.example.com/api/v2/graphql')).toBe('https://api.example.com');
    expect(normalizeBaseUrl('https://api.example.com/prefix/api/v2/rest/get-steam-analytics')).toBe('https://api.example.com/prefix');
    expect(normalizeBaseUrl('')).toBe('');
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

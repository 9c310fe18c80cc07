import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from './base-url';

describe('checkBaseUrl', () => {
  // What the user may type -> what is stored and shown. Written out by hand, not derived from the code.
  it.each([
    ['', ''],
    ['   ', ''],
    ['https://api.example.com', 'https://api.example.com'],
    ['  https://api.example.com/  ', 'https://api.example.com'],
    ['https://api.example.com///', 'https://api.example.com'],
    ['HTTPS://API.Example.COM/', 'https://api.example.com'],
    ['https://api.example.com:443/', 'https://api.example.com'],
    ['https://x.io:8443/base', 'https://x.io:8443/base'],
    ['https://x.io/Base/Path/', 'https://x.io/Base/Path'],
    ['https://api.example.com/api/v2', 'https://api.example.com'],
    ['https://api.example.com/api/v2/', 'https://api.example.com'],
    ['https://api.example.com/API/V2', 'https://api.example.com'],
    ['https://api.example.com/api/v2/graphql', 'https://api.example.com'],
    ['https://api.example.com/api/v2/rest', 'https://api.example.com'],
    ['https://api.example.com/prefix/api/v2/', 'https://api.example.com/prefix'],
    ['https://api.example.com/prefix/api/v2/rest/get-steam-analytics', 'https://api.example.com/prefix'],
    ['https://api.example.com/api/v2x', 'https://api.example.com/api/v2x'],
    ['https://api.example.com/api/v3', 'https://api.example.com/api/v3'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:4000/api/v2', 'http://127.0.0.1:4000'],
    ['http://localhost:8787/', 'http://localhost:8787'],
    ['http://LOCALHOST:3000', 'http://localhost:3000'],
    ['http://[::1]:8787/', 'http://[::1]:8787'],
    ['http://localhost:80/', 'http://localhost'],
  ])('%j -> %j', (input, baseUrl) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, baseUrl });
  });

  // What is refused, and the gist of what the user is told.
  it.each([
    ['https://api.exa mple.com', /cannot contain spaces/],
    ['https://api.example.com/a\tb', /cannot contain spaces/],
    ['api.example.com', /starting with https:\/\//],
    ['not a url', /cannot contain spaces/],
    ['nota-url', /starting with https:\/\//],
    ['https://', /Enter a web address/],
    ['https://exa mple', /spaces/],
    ['ftp://api.example.com', /must start with https:\/\//],
    ['file:///etc', /must start with https:\/\//],
    ['javascript:alert(1)', /must start with https:\/\//],
    ['ws://localhost:8787', /must start with https:\/\//],
    ['http://api.example.com', /clear text/],
    ['http://192.168.1.10:8787', /clear text/],
    ['http://127.0.0.2', /clear text/],
    ['http://localhost.example.com', /clear text/],
    ['https://user:pw@api.example.com', /user name or password/],
    ['https://user@api.example.com', /user name or password/],
    ['https://api.example.com/?key=1', /\? and #/],
    ['https://api.example.com/#top', /\? and #/],
    ['https://api.example.com/?', /\? and #/],
  ])('refuses %j', (input, problem) => {
    const result = checkBaseUrl(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(problem);
  });
});

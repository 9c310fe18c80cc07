/**
 * Token times: iat and exp are whole seconds exactly the TTL apart (clients read exp - iat as the lifetime),
 * even when the service clock has a millisecond part; the private exp_ms claim keeps expiry exact to the ms.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '../../shared/api/schema';
import { startService } from '../src/index';
import { ServiceError } from '../src/server/errors';
import { TokenService } from '../src/server/tokens';
import { createToken } from './helpers/http';
import { FIXED_NOW } from './helpers/service';

const GRANT = { keyId: 'k1', operations: null };

function service(clock: () => number, ttlSeconds = TOKEN_LIFETIME_SECONDS): TokenService {
  return new TokenService({ ttlSeconds, clock, earlyExpirySeconds: () => null });
}

/** The 401 reason verify() gave, or 'valid'. */
async function reason(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
    return 'valid';
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError);
    return (e as ServiceError).errors[0]?.details?.reason;
  }
}

describe('token times', () => {
  it('over HTTP with the default TTL and a clock at .987 s: exp - iat is exactly 7200', async () => {
    const svc = await startService({ quiet: true, clock: () => FIXED_NOW + 987 });
    try {
      const claims = decodeJwt(await createToken(svc.url));
      expect(TOKEN_LIFETIME_SECONDS).toBe(7200);
      expect(claims.exp! - claims.iat!).toBe(7200);
      expect(claims.iat).toBe(Math.floor((FIXED_NOW + 987) / 1000));
      expect(claims.exp_ms).toBe(FIXED_NOW + 987 + 7_200_000);
    } finally {
      await svc.close();
    }
  });

  it.each([0, 1, 500, 999])(
    'at +%i ms: whole seconds, exp - iat === TTL, valid until exp_ms and not a ms longer',
    async (ms) => {
      let now = FIXED_NOW + ms;
      const tokens = service(() => now);
      const token = await tokens.issue(GRANT);
      const claims = decodeJwt(token);
      expect(Number.isInteger(claims.iat) && Number.isInteger(claims.exp)).toBe(true);
      expect(claims.exp! - claims.iat!).toBe(TOKEN_LIFETIME_SECONDS);
      const expMs = FIXED_NOW + ms + TOKEN_LIFETIME_SECONDS * 1000;
      expect(claims.exp_ms).toBe(expMs);

      // Just past the whole-second exp (which may come before exp_ms), the token is still good...
      now = claims.exp! * 1000;
      if (now < expMs) await expect(tokens.verify(token)).resolves.toMatchObject({ keyId: 'k1', expiresAtMs: expMs });
      now = expMs - 1;
      await expect(tokens.verify(token)).resolves.toMatchObject({ keyId: 'k1' });
      // ...and expired at exp_ms to the millisecond, and ever after.
      now = expMs;
      expect(await reason(tokens.verify(token))).toBe('TOKEN_EXPIRED');
      now = expMs + 5_000;
      expect(await reason(tokens.verify(token))).toBe('TOKEN_EXPIRED');
    },
  );

  it('a short TTL keeps the exact boundary too', async () => {
    let now = FIXED_NOW + 321;
    const tokens = service(() => now, 60);
    const token = await tokens.issue(GRANT);
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(60);
    now += 59_999;
    await expect(tokens.verify(token)).resolves.toMatchObject({ keyId: 'k1' });
    now += 1;
    expect(await reason(tokens.verify(token))).toBe('TOKEN_EXPIRED');
  });
});

/**
 * Access tokens (spec 2.9, 5): HS256 JWTs from `jose`, valid exactly `ttlSeconds` of *service* time (the
 * injectable clock, passed to jose as `currentDate`). jose checks `exp` at one-second granularity; the
 * private `exp_ms` claim makes the boundary exact to the millisecond.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthenticated, type ServiceError } from './errors';
import type { KeyGrant } from './keys';
import { isDataOperation, type DataOperation } from './operations';

const TOKEN_ISSUER = 'market-desk-reference-service';

export interface TokenClaims {
  keyId: string;
  /** null: every operation. */
  operations: readonly DataOperation[] | null;
  issuedAtMs: number;
  expiresAtMs: number;
}

export interface TokenServiceOptions {
  ttlSeconds: number;
  clock: () => number;
  /** When set, tokens older than this many seconds are rejected as expired (fault injection). */
  earlyExpirySeconds: () => number | null;
  secret?: Uint8Array;
}

export class TokenService {
  private readonly secret: Uint8Array;

  constructor(private readonly opts: TokenServiceOptions) {
    this.secret = opts.secret ?? randomBytes(32);
  }

  async issue(grant: KeyGrant): Promise<string> {
    const now = this.opts.clock();
    const expMs = now + this.opts.ttlSeconds * 1000;
    // Whole seconds with exp - iat exactly the TTL (clients take exp - iat as the lifetime). exp may then be
    // up to 999 ms before exp_ms; verify() gives jose one second of tolerance and exp_ms decides.
    const iat = Math.floor(now / 1000);
    const claims: Record<string, unknown> = { iat_ms: now, exp_ms: expMs };
    if (grant.operations) claims.ops = [...grant.operations];
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject(grant.keyId)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + Math.ceil(this.opts.ttlSeconds))
      .sign(this.secret);
  }

  /** Verifies a token from the `api-token` header; throws a 401 ServiceError with a reason when it fails. */
  async verify(token: string): Promise<TokenClaims> {
    const now = this.opts.clock();
    let payload: Record<string, unknown>;
    try {
      const r = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        currentDate: new Date(now),
        // The whole-second exp may fall just short of exp_ms; the exact check below is the boundary.
        clockTolerance: 1,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      payload = r.payload as Record<string, unknown>;
    } catch (e) {
      throw tokenError(e);
    }
    const iatMs = payload.iat_ms;
    const expMs = payload.exp_ms;
    const sub = payload.sub;
    const ops = payload.ops;
    if (typeof iatMs !== 'number' || typeof expMs !== 'number' || typeof sub !== 'string') {
      throw unauthenticated(
        'TOKEN_INVALID',
        'The access token is not valid. Create a new one with createSubscriptionToken.',
      );
    }
    let operations: DataOperation[] | null = null;
    if (ops !== undefined) {
      if (!Array.isArray(ops) || !ops.every(isDataOperation)) {
        throw unauthenticated(
          'TOKEN_INVALID',
          'The access token is not valid. Create a new one with createSubscriptionToken.',
        );
      }
      operations = ops;
    }
    const early = this.opts.earlyExpirySeconds();
    if (now >= expMs || (early !== null && now - iatMs >= early * 1000)) throw expired();
    return { keyId: sub, operations, issuedAtMs: iatMs, expiresAtMs: expMs };
  }
}

function expired(): ServiceError {
  return unauthenticated(
    'TOKEN_EXPIRED',
    'The access token has expired. Create a new one with createSubscriptionToken.',
  );
}

function tokenError(e: unknown): ServiceError {
  if (e instanceof joseErrors.JWTExpired) return expired();
  return unauthenticated(
    'TOKEN_INVALID',
    'The access token is not valid. Create a new one with createSubscriptionToken.',
  );
}

/**
 * The access-token check of a data request: the token from its header (a hint when it came in another
 * header), verified, and the key's operation limits applied to what the request asks for.
 */
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER } from '../../../shared/api/schema';
import { forbidden, unauthenticated } from './errors';
import type { Authorize } from './graphql';
import type { DataOperation } from './operations';
import type { TokenService } from './tokens';

export function tokenAuthorizer(tokens: TokenService): (req: IncomingMessage) => Authorize {
  return (req) => async (ops: readonly DataOperation[]) => {
    const raw = req.headers[TOKEN_HEADER];
    const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
    if (token === '') {
      const hint =
        req.headers.authorization !== undefined || req.headers['api_token'] !== undefined
          ? ` The token was sent in the wrong header: use "${TOKEN_HEADER}".`
          : '';
      throw unauthenticated('TOKEN_MISSING', `Missing access token: send it in the "${TOKEN_HEADER}" header.${hint}`);
    }
    const claims = await tokens.verify(token);
    if (claims.operations) for (const op of ops) if (!claims.operations.includes(op)) throw forbidden(op);
    return claims;
  };
}

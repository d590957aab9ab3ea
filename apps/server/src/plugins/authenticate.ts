import { isAdminRole } from '@sys/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';

/** The signed-in caller of the data API, read from the access token alone. */
export interface RequestUser {
  id: string;
  email: string;
  role: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
  userMetadata: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Checks an access token exactly as the Authorization header is checked: the user, or 401. For
     * clients that cannot send headers (a browser's EventSource passes the token in the query).
     */
    authenticateAccessToken(token: string): Promise<RequestUser & { expiresAt: number | null }>;
  }
  interface FastifyRequest {
    /** Set when the request carries a valid access token; null for anonymous requests. */
    user: RequestUser | null;
    getUser(): RequestUser | null;
  }
}

/** Checks an access token's signature, issuer and expiry locally and returns its claims. */
export type AccessTokenVerifier = (token: string) => Promise<{
  sub: string;
  email: string;
  role: string;
  session_id: string;
  aal: 'aal1' | 'aal2';
  user_metadata: Record<string, unknown>;
  mfa_pending?: boolean;
  /** Expiry, seconds since the epoch. */
  exp?: number;
}>;

/**
 * Reads `Authorization: Bearer <access token>` on every request outside /auth/v1 (which checks
 * its own tokens against the database). The check needs no database round trip: the ES256
 * signature, issuer and expiry are verified with the key in memory. The price is that a signed-out
 * session's access token keeps working until it expires (AUTH_JWT_EXPIRY, 1 hour by default).
 * A token that passed is remembered until it expires (VerifiedTokens below). Expired, forged and
 * malformed tokens are refused with 401 rather than treated as anonymous, so a client learns that it
 * must refresh.
 */
export function registerAuthenticate(app: FastifyInstance, verify: AccessTokenVerifier): void {
  app.decorateRequest('user', null);
  app.decorateRequest('getUser', function (this: FastifyRequest) {
    return this.user;
  });
  const verified = new VerifiedTokens(verify);
  const authenticateAccessToken = async (token: string) => {
    let claims: Awaited<ReturnType<AccessTokenVerifier>>;
    try {
      claims = await verified.claimsOf(token);
    } catch {
      throw new AppError(401, 'invalid_token', 'The access token is invalid or has expired');
    }
    return {
      id: claims.sub,
      email: claims.email,
      role: claims.role,
      sessionId: claims.session_id,
      aal: claims.aal,
      userMetadata: claims.user_metadata ?? {},
      expiresAt: typeof claims.exp === 'number' ? claims.exp : null,
      mfaPending: claims.mfa_pending === true,
    };
  };
  app.decorate('authenticateAccessToken', authenticateAccessToken);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || request.url.startsWith('/auth/')) return;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match)
      throw new AppError(401, 'invalid_token', 'The Authorization header must be a Bearer access token');
    const { expiresAt: _expiresAt, mfaPending, ...user } = await authenticateAccessToken(match[1]!);
    // A password-only session of a user with two-step verification is anonymous here until the
    // second factor is verified (the web app shows the code step meanwhile).
    request.user = mfaPending ? null : user;
  });
}

type VerifiedClaims = Awaited<ReturnType<AccessTokenVerifier>> & { exp: number };

/** At most this many verified tokens are remembered (about 1-2 kB each). */
const VERIFIED_TOKENS_LIMIT = 10_000;

/**
 * The claims of access tokens already verified, keyed by the exact token text, until each one's `exp`.
 * Checking an ES256 signature costs ~0.2 ms of CPU, a large part of a cached feed page's cost, and a
 * client sends the same token with every request until it refreshes. Remembering the result changes
 * nothing about what is accepted: the check reads the token alone (no session lookup, see above), so a
 * token's answer can only change when it expires, and that is checked on every use with the same rule
 * as the verifier's (`exp` at or before the current second: expired). Only tokens that passed are kept:
 * a forged or altered token is a different string and goes through the full check. If the data API
 * ever refuses tokens of signed-out sessions, that check must run on every request, after this one.
 */
class VerifiedTokens {
  private readonly claims = new Map<string, VerifiedClaims>();

  constructor(private readonly verify: AccessTokenVerifier) {}

  async claimsOf(token: string): Promise<Awaited<ReturnType<AccessTokenVerifier>>> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const known = this.claims.get(token);
    if (known) {
      if (known.exp > nowSeconds) return known;
      this.claims.delete(token);
    }
    const claims = await this.verify(token);
    if (typeof claims.exp === 'number' && claims.exp > nowSeconds)
      this.remember(token, { ...claims, exp: claims.exp });
    return claims;
  }

  private remember(token: string, claims: VerifiedClaims): void {
    if (this.claims.size >= VERIFIED_TOKENS_LIMIT) {
      // Expired ones first; if none, the oldest half (insertion order), so a flood of valid tokens
      // costs re-verification, never unbounded memory.
      const nowSeconds = Math.floor(Date.now() / 1000);
      for (const [key, value] of this.claims) if (value.exp <= nowSeconds) this.claims.delete(key);
      if (this.claims.size >= VERIFIED_TOKENS_LIMIT) {
        let drop = Math.ceil(VERIFIED_TOKENS_LIMIT / 2);
        for (const key of this.claims.keys()) {
          if (drop-- <= 0) break;
          this.claims.delete(key);
        }
      }
    }
    this.claims.set(token, claims);
  }
}

/** The signed-in user, or 401 'User not authenticated' (the spec's message for unauthenticated writes). */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthorized('User not authenticated');
  return request.user;
}

/**
 * The signed-in administrator (a role of ADMIN_ROLES, the ones the auth service's admin API accepts: a
 * user whose role an administrator set, PUT /auth/v1/admin/users/{id} with `role`), 401 for visitors, or
 * 403 for everyone else.
 */
export function requireAdmin(
  request: FastifyRequest,
  message = 'Only administrators can do this',
): RequestUser {
  const user = requireUser(request);
  if (!isAdminRole(user.role)) throw forbidden(message);
  return user;
}

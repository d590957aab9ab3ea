import { isAdminRole } from '@sys/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';

/** The signed-in caller of the data API: the access token's claims, with the account's current role. */
export interface RequestUser {
  id: string;
  email: string;
  role: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
  userMetadata: Record<string, unknown>;
}

/** What one presented access token stands for (`AccessTokens.authenticate`). */
export interface AuthenticatedToken {
  /**
   * The signed-in user; null for a password-only session of a user with two-step verification, which
   * is anonymous on the data API until the second factor is verified (the web app shows the code step).
   */
  user: RequestUser | null;
  /** The token's expiry, seconds since the epoch. */
  expiresAt: number | null;
}

/** The data API's access tokens: the one check of a token, and the news that a user's access changed. */
export interface AccessTokens {
  /**
   * The one check of an access token, however it is presented (the Authorization header on every
   * route, resumable uploads included; `access_token` in the events stream's query for EventSource):
   * signature, issuer and expiry; that the user still exists and is not soft-deleted or banned and
   * that the session was not signed out; the second factor. 401 otherwise.
   */
  authenticate(token: string): Promise<AuthenticatedToken>;
  /**
   * Calls `onChange` whenever the user's access may have changed (deleted, banned, a session ended),
   * on any instance; returns the function that stops it. A long-lived stream checks its token again then.
   */
  watch(userId: string, onChange: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carries a valid access token; null for anonymous requests. */
    user: RequestUser | null;
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

/** Whether the user and session of a verified token may still use it, now (with the user's current role). */
export type AccountAccessCheck = (
  userId: string,
  sessionId: string,
) => Promise<{ ok: true; role: string } | { ok: false; message: string }>;

export interface AuthenticateOptions {
  verify: AccessTokenVerifier;
  checkAccess: AccountAccessCheck;
  watchAccess(userId: string, onChange: () => void): () => void;
}

/** The token of `Authorization: Bearer <token>`; undefined without the header; 401 for another scheme. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new AppError(401, 'invalid_token', 'The Authorization header must be a Bearer access token');
  return match[1]!;
}

/**
 * The check of access tokens. The ES256 signature, issuer and expiry are verified with the key in
 * memory, and remembered for the token until it expires (VerifiedTokens below). The user and session
 * are then checked (`checkAccess`: AccessChecks in modules/auth/auth.access.ts), from an answer kept
 * for a few seconds and forgotten on every instance when the user is deleted, banned or given another
 * role or the session ends, so such a token is refused at once, not when it expires.
 */
export function createAccessTokens(options: AuthenticateOptions): AccessTokens {
  const verified = new VerifiedTokens(options.verify);
  return {
    async authenticate(token: string): Promise<AuthenticatedToken> {
      let claims: Awaited<ReturnType<AccessTokenVerifier>>;
      try {
        claims = await verified.claimsOf(token);
      } catch {
        throw new AppError(401, 'invalid_token', 'The access token is invalid or has expired');
      }
      const access = await options.checkAccess(claims.sub, claims.session_id);
      if (!access.ok) throw new AppError(401, 'invalid_token', access.message);
      const expiresAt = typeof claims.exp === 'number' ? claims.exp : null;
      if (claims.mfa_pending === true) return { user: null, expiresAt };
      return {
        user: {
          id: claims.sub,
          email: claims.email,
          // As the account says now: a role taken away stops working at once.
          role: access.role,
          sessionId: claims.session_id,
          aal: claims.aal,
          userMetadata: claims.user_metadata ?? {},
        },
        expiresAt,
      };
    },
    watch: options.watchAccess,
  };
}

/**
 * Reads `Authorization: Bearer <access token>` on every request outside /auth/v1 (which checks its own
 * tokens) through `accessTokens.authenticate` and sets `request.user`. Expired, forged, malformed and
 * refused tokens get 401 rather than being treated as anonymous, so a client learns that it must
 * refresh or sign in again.
 */
export function registerAuthenticate(app: FastifyInstance, accessTokens: AccessTokens): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/auth/')) return;
    const token = bearerTokenOf(request);
    if (token) request.user = (await accessTokens.authenticate(token)).user;
  });
}

type VerifiedClaims = Awaited<ReturnType<AccessTokenVerifier>> & { exp: number };

/** At most this many verified tokens are remembered (about 1-2 kB each). */
const VERIFIED_TOKENS_LIMIT = 10_000;

/**
 * The claims of access tokens already verified, each with the exact token text, until each one's `exp`.
 * Checking an ES256 signature costs ~0.2 ms of CPU, a large part of a cached feed page's cost, and a
 * client sends the same token with every request until it refreshes. Remembering the result changes
 * nothing about what is accepted: the signature check reads the token alone, so its answer can only
 * change when the token expires, and that is checked on every use with the same rule as the verifier's
 * (`exp` at or before the current second: expired). Only tokens that passed are kept, and one is used
 * only for the same text, compared whole: a forged or altered token is a different string and goes
 * through the full check. Whether the user and session may still use a token can change at any time:
 * that check runs on every request, after this one.
 *
 * They are found by the token's last part (its signature, `tokenKey`) rather than by the whole text: a
 * token is ~0.8 kB, and hashing it as a key on every request cost more than comparing it once it is found
 * (bench/RESULTS.md, issue 20).
 */
class VerifiedTokens {
  private readonly claims = new Map<string, { token: string; claims: VerifiedClaims }>();

  constructor(private readonly verify: AccessTokenVerifier) {}

  async claimsOf(token: string): Promise<Awaited<ReturnType<AccessTokenVerifier>>> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const key = tokenKey(token);
    const known = this.claims.get(key);
    if (known && known.token === token) {
      if (known.claims.exp > nowSeconds) return known.claims;
      this.claims.delete(key);
    }
    const claims = await this.verify(token);
    if (typeof claims.exp === 'number' && claims.exp > nowSeconds)
      this.remember(key, token, { ...claims, exp: claims.exp });
    return claims;
  }

  private remember(key: string, token: string, claims: VerifiedClaims): void {
    if (this.claims.size >= VERIFIED_TOKENS_LIMIT) {
      // Expired ones first; if none, the oldest half (insertion order), so a flood of valid tokens
      // costs re-verification, never unbounded memory.
      const nowSeconds = Math.floor(Date.now() / 1000);
      for (const [oldKey, value] of this.claims)
        if (value.claims.exp <= nowSeconds) this.claims.delete(oldKey);
      if (this.claims.size >= VERIFIED_TOKENS_LIMIT) {
        let drop = Math.ceil(VERIFIED_TOKENS_LIMIT / 2);
        for (const oldKey of this.claims.keys()) {
          if (drop-- <= 0) break;
          this.claims.delete(oldKey);
        }
      }
    }
    this.claims.set(key, { token, claims });
  }
}

/**
 * Where a token is looked for among the verified ones: its text after the last `.` (a JWT's signature,
 * different for every token signed), or the whole text when that part is short (not a JWT). Two tokens
 * with the same key are told apart by their whole text (`claimsOf`); the later one verified is kept.
 */
function tokenKey(token: string): string {
  const dot = token.lastIndexOf('.');
  return token.length - dot > MIN_TOKEN_KEY_LENGTH ? token.slice(dot + 1) : token;
}

/** A token's last part shorter than this (an ES256 signature is 86 characters) does not key it alone. */
const MIN_TOKEN_KEY_LENGTH = 32;

/**
 * The caller of a route declared `config: { access: 'user' }` or `'admin'`, whom the access hook
 * (plugins/route-access.ts) has let through. On any other route it is a programming error (500).
 */
export function signedInUser(request: FastifyRequest): RequestUser {
  if (!request.user) {
    throw new Error(`${request.method} ${request.routeOptions.url} reads the user without access: 'user'`);
  }
  return request.user;
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

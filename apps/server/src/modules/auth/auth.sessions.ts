import type { AuthSessionRow, AuthUserRow } from '../../db/schema/auth.ts';
import {
  badRequest,
  forbidden,
  notFound,
  unauthorized,
  unprocessable,
  validationFailed,
} from './auth.errors.ts';
import type { PasswordHasher } from './auth.hashing.ts';
import type { MailLinks } from './auth.links.ts';
import { type SessionJson, toSessionJson, toUserJson, type UserJson } from './auth.mapper.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { TokenBody } from './auth.schemas.ts';
import {
  type AccessTokenClaims,
  InvalidTokenError,
  openSuccessor,
  pkceMatches,
  randomToken,
  sealSuccessor,
  sha256Hex,
} from './auth.tokens.ts';
import type { AuthContext, AuthDeps, RequestInfo } from './auth.types.ts';

const FLOW_STATE_LIFETIME_MS = 300_000;

/**
 * Sessions and their tokens: issuing one (with its access token's claims), the token endpoint's
 * grants (password, refresh token, PKCE code), checking a bearer token, signing out.
 */
export class SessionService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly passwords: PasswordHasher,
    private readonly links: MailLinks,
  ) {}

  private date() {
    return new Date(this.deps.now());
  }

  private async accessClaims(
    repo: AuthRepository,
    user: AuthUserRow,
    session: AuthSessionRow,
    hasVerifiedFactor: boolean,
  ) {
    const amr = await repo.sessions.findAmrClaims(session.id);
    const aal = session.aal === 'aal2' ? ('aal2' as const) : ('aal1' as const);
    return {
      sub: user.id,
      aud: user.aud,
      role: user.role,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      aal,
      // The data API treats such a token as anonymous until the second factor is verified: it
      // cannot look the user's factors up without a database round trip, so the token says it.
      ...(aal === 'aal1' && hasVerifiedFactor ? { mfa_pending: true } : {}),
      amr: amr.map((c) => ({
        method: c.authentication_method,
        timestamp: Math.floor(c.updated_at.getTime() / 1000),
      })),
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    };
  }

  /** A grant's answer: a new access token for the session, its refresh token and the user. */
  async sessionJson(
    repo: AuthRepository,
    user: AuthUserRow,
    session: AuthSessionRow,
    refreshToken: string,
  ): Promise<SessionJson> {
    const bundle = await repo.bundleFor(user);
    const hasVerifiedFactor = bundle.factors.some((f) => f.status === 'verified');
    const claims = await this.accessClaims(repo, user, session, hasVerifiedFactor);
    const { token, expiresAt } = await this.deps.tokens.signAccessToken(claims, this.deps.now());
    return toSessionJson(
      { accessToken: token, expiresIn: this.deps.tokens.expirySeconds, expiresAt, refreshToken },
      toUserJson(bundle),
    );
  }

  /** Starts a session: the row, how it was authenticated, its first refresh token. */
  private async startSession(repo: AuthRepository, user: AuthUserRow, method: string, info: RequestInfo) {
    const now = this.date();
    const session = await repo.sessions.insertSession({
      user_id: user.id,
      aal: 'aal1',
      user_agent: info.userAgent ?? null,
      ip: info.ip,
      created_at: now,
      updated_at: now,
    });
    await repo.sessions.addAmrClaim(session.id, method, now);
    const refreshToken = randomToken();
    await repo.sessions.insertRefreshToken({
      token_hash: sha256Hex(refreshToken),
      session_id: session.id,
      user_id: user.id,
      created_at: now,
      updated_at: now,
    });
    const updated = await repo.users.updateUser(user.id, { last_sign_in_at: now }, now);
    await repo.users.touchIdentity(user.id, 'email', now);
    return { user: updated, session, refreshToken };
  }

  /** Starts a session for a user who has just proved who they are (`method`: its amr), then the hook. */
  async issueSession(user: AuthUserRow, method: string, info: RequestInfo): Promise<SessionJson> {
    const result = await this.deps.repo.transaction(async (repo) => {
      const started = await this.startSession(repo, user, method, info);
      return this.sessionJson(repo, started.user, started.session, started.refreshToken);
    });
    await this.runHook(() => this.deps.hooks.onSessionStarted?.(user));
    return result;
  }

  private async runHook(hook: () => Promise<void> | undefined) {
    try {
      await hook();
    } catch (error) {
      this.deps.log.error({ err: error }, 'auth hook failed');
    }
  }

  /** Checks a bearer access token against its user and session (GoTrue's requireAuthentication). */
  async authenticate(bearer: string | undefined): Promise<AuthContext> {
    if (!bearer) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: AccessTokenClaims;
    try {
      claims = await this.deps.tokens.verifyAccessToken(bearer);
    } catch (error) {
      const reason = error instanceof InvalidTokenError ? error.message : 'invalid token';
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    const user = await this.deps.repo.users.findUserById(claims.sub);
    if (!user || user.deleted_at)
      throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    const session = await this.deps.repo.sessions.findSession(claims.session_id);
    if (!session || session.user_id !== user.id) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { claims, user, session };
  }

  async token(grantType: string | undefined, body: TokenBody, info: RequestInfo): Promise<SessionJson> {
    switch (grantType) {
      case 'password':
        await this.deps.limiter.consume('token', info.ip);
        return this.passwordGrant(body, info);
      case 'refresh_token':
        await this.deps.limiter.consume('token', info.ip);
        return this.refreshGrant(body, info);
      case 'pkce':
        await this.deps.limiter.consume('token', info.ip);
        return this.pkceGrant(body, info);
      case 'id_token':
        throw badRequest(
          'provider_disabled',
          `Provider (issuer ${JSON.stringify(body.provider ?? '')}) is not enabled`,
        );
      case 'web3':
        throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
      default:
        throw badRequest('invalid_credentials', 'unsupported_grant_type');
    }
  }

  private async passwordGrant(body: TokenBody, info: RequestInfo): Promise<SessionJson> {
    if (body.email && body.phone) {
      throw validationFailed('Only an email address or phone number should be provided on login.');
    }
    if (!body.email && body.phone)
      throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (!body.email) throw validationFailed('missing email or phone');
    const password = body.password ?? '';
    // Counted per email address, known or not, before the check: guesses from many addresses meet the lock.
    const attempt = await this.deps.throttle.beginPassword(body.email);
    const user = await this.deps.repo.users.findUserByEmail(body.email.trim());
    const usable = user && !user.deleted_at ? user : undefined;
    const valid = await this.passwords.matches(usable?.encrypted_password ?? null, password);
    if (!usable || !valid) {
      if (this.deps.throttle.passwordFailed(attempt) && usable) this.links.notify(usable, 'signin_locked');
      throw badRequest('invalid_credentials', 'Invalid login credentials');
    }
    await this.deps.throttle.clearPassword(body.email);
    if (usable.banned_until && usable.banned_until.getTime() > this.deps.now()) {
      throw badRequest('user_banned', 'User is banned');
    }
    if (!usable.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
    const session = await this.issueSession(usable, 'password', info);
    // A password that met older rules still signs in; the client is told it is now too weak.
    const weak = this.passwords.weakReason(password);
    if (weak) session.weak_password = { message: weak.message, reasons: weak.reasons };
    return session;
  }

  private async refreshGrant(body: TokenBody, info: RequestInfo): Promise<SessionJson> {
    const presented = body.refresh_token;
    if (!presented) throw validationFailed('refresh_token required');
    const presentedHash = sha256Hex(presented);
    const notFoundError = badRequest(
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );

    // Reuse outside the grace interval revokes the session; that must commit even though the
    // request fails, so the transaction returns the verdict and the error is thrown after it.
    const outcome = await this.deps.repo.transaction(async (repo) => {
      const found = await repo.sessions.findRefreshToken(presentedHash);
      if (!found) throw notFoundError;
      // Serialises concurrent refreshes of one session (several tabs); re-read after the lock.
      const session = await repo.sessions.lockSession(found.session_id);
      if (!session) throw notFoundError;
      const token = await repo.sessions.findRefreshToken(presentedHash);
      if (!token) throw notFoundError;
      const user = await repo.users.findUserById(token.user_id);
      if (!user || user.deleted_at) throw notFoundError;
      const now = this.date();
      if (user.banned_until && user.banned_until > now) {
        throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
      }
      if (session.not_after && session.not_after < now) {
        throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
      }

      let issued: string | null = null;
      if (token.revoked) {
        const withinGrace =
          now.getTime() - token.updated_at.getTime() <= this.deps.settings.refreshReuseIntervalMs;
        if (withinGrace) issued = await this.currentSuccessor(repo, presented, token);
        if (!issued) {
          if (withinGrace && !token.child_secret) return { kind: 'already-used' as const };
          await repo.sessions.deleteSession(session.id);
          return { kind: 'revoked' as const };
        }
      } else {
        issued = randomToken();
        await repo.sessions.insertRefreshToken({
          token_hash: sha256Hex(issued),
          session_id: session.id,
          user_id: user.id,
          parent: presentedHash,
          created_at: now,
          updated_at: now,
        });
        await repo.sessions.revokeRefreshToken(token.id, sealSuccessor(presented, issued), now);
      }
      const refreshed =
        (await repo.sessions.updateSession(
          session.id,
          { refreshed_at: now, user_agent: info.userAgent ?? null, ip: info.ip },
          now,
        )) ?? session;
      return { kind: 'ok' as const, session: await this.sessionJson(repo, user, refreshed, issued) };
    });
    if (outcome.kind === 'ok') return outcome.session;
    if (outcome.kind === 'revoked') {
      this.deps.log.warn('refresh token reused after its grace interval; session revoked');
    }
    throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }

  /**
   * The session's current token, reached from a revoked one by opening each successor in turn;
   * null if the chain is broken (e.g. the session moved to a new token at MFA verification).
   */
  private async currentSuccessor(
    repo: AuthRepository,
    presented: string,
    row: { child_secret: string | null; revoked: boolean },
  ): Promise<string | null> {
    let token = presented;
    let current = row;
    for (let depth = 0; depth < 16; depth++) {
      if (!current.revoked) return token;
      if (!current.child_secret) return null;
      const next = openSuccessor(token, current.child_secret);
      if (!next) return null;
      const nextRow = await repo.sessions.findRefreshToken(sha256Hex(next));
      if (!nextRow) return null;
      token = next;
      current = nextRow;
    }
    return null;
  }

  private async pkceGrant(body: TokenBody, info: RequestInfo): Promise<SessionJson> {
    if (!body.auth_code || !body.code_verifier) {
      throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
    }
    const flow = await this.deps.repo.oneTime.findFlowStateByAuthCode(body.auth_code);
    if (!flow?.user_id || !flow.auth_code_issued_at) {
      throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    if (flow.auth_code_issued_at.getTime() + FLOW_STATE_LIFETIME_MS < this.deps.now()) {
      await this.deps.repo.oneTime.consumeFlowState(flow.id);
      throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    }
    if (!pkceMatches(body.code_verifier, flow.code_challenge, flow.code_challenge_method)) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    if (!(await this.deps.repo.oneTime.consumeFlowState(flow.id))) {
      throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    const user = await this.deps.repo.users.findUserById(flow.user_id);
    if (!user || user.deleted_at) throw notFound('user_not_found', 'User not found');
    return this.issueSession(user, flow.authentication_method, info);
  }

  async logout(auth: AuthContext, scope: string | undefined): Promise<void> {
    const chosen = scope ?? 'global';
    if (!['global', 'local', 'others'].includes(chosen)) {
      throw validationFailed(`Unsupported logout scope ${JSON.stringify(chosen)}`);
    }
    if (chosen === 'local') await this.deps.repo.sessions.deleteSession(auth.session.id);
    else if (chosen === 'others')
      await this.deps.repo.sessions.deleteUserSessions(auth.user.id, auth.session.id);
    else await this.deps.repo.sessions.deleteUserSessions(auth.user.id);
  }

  async getUser(auth: AuthContext): Promise<UserJson> {
    return toUserJson(await this.deps.repo.bundleFor(auth.user));
  }
}

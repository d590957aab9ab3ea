import { timingSafeEqual } from 'node:crypto';
import { isAdminRole } from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthSessionRow, AuthUserRow } from '../../db/schema/auth.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { BackgroundTasks } from './auth.background.ts';
import {
  AuthError,
  badRequest,
  forbidden,
  notFound,
  unauthorized,
  unprocessable,
  validationFailed,
} from './auth.errors.ts';
import { PasswordHasher } from './auth.hashing.ts';
import { MailLinks } from './auth.links.ts';
import type { MailKind, MailTransport } from './auth.mailer.ts';
import { jsonbKeyOrder, type SessionJson, toSessionJson, toUserJson, type UserJson } from './auth.mapper.ts';
import { generateTotpSecret, otpauthUri, qrCodeSvg, verifyTotp } from './auth.mfa.ts';
import type { AuthRateLimiter } from './auth.rate-limit.ts';
import type { AuthRepository } from './auth.repository.ts';
import type {
  EnrollBody,
  OtpBody,
  RecoverBody,
  ResendBody,
  SignupBody,
  TokenBody,
  UserUpdateBody,
  VerifyBody,
  VerifyFactorBody,
  VerifyQuery,
} from './auth.schemas.ts';
import {
  FLOW_METHOD,
  INVITE_LIFETIME_MS,
  insertUserWithIdentity,
  LINK_LIFETIME_MS,
  metadataChanges,
  type NewAuthUser,
  normalizeEmail,
  PKCE_PREFIX,
  resolveRedirect,
  signupDisabled,
  validatePkceParams,
} from './auth.shared.ts';
import type { AccountThrottle } from './auth.throttle.ts';
import {
  type AccessTokenClaims,
  InvalidTokenError,
  isUuid,
  newId,
  openSuccessor,
  pkceMatches,
  randomToken,
  sealSuccessor,
  sha256Hex,
  type TokenService,
} from './auth.tokens.ts';
import type {
  AuthContext,
  AuthDeps,
  AuthHooks,
  AuthSettings,
  Clock,
  LinkOptions,
  RequestInfo,
} from './auth.types.ts';

export type { AuthContext, AuthHooks, AuthSettings, Clock, RequestInfo } from './auth.types.ts';

/** One-time token kinds as stored (`token_type`) and the verify `type`s that may redeem them. */
const TOKEN_TYPES_FOR_VERIFY: Record<string, string[]> = {
  signup: ['signup'],
  invite: ['invite'],
  magiclink: ['magiclink', 'signup'],
  recovery: ['recovery'],
  email: ['signup', 'magiclink'],
  email_change: ['email_change'],
};

/** POST /verify words the same refusal as a 422, as GoTrue's does. */
function emailToVerify(raw: string): string {
  try {
    return normalizeEmail(raw);
  } catch {
    throw unprocessable('validation_failed', 'Invalid email format');
  }
}

/** GoTrue's phone number rule: E.164 digits once a leading + and spaces are dropped. */
const E164_RE = /^[1-9][0-9]{1,14}$/;

/**
 * A phone verification, checked as GoTrue checks it before looking the number up. No SYS account has
 * a phone, so a well-formed request ends as a wrong code does.
 */
function refusePhoneVerification(body: VerifyBody): never {
  if (!body.token === !body.token_hash) {
    throw validationFailed('Verify requires either a token or a token hash');
  }
  if (body.token_hash) {
    throw validationFailed(
      body.phone || body.email || body.redirect_to
        ? 'Only the token_hash and type should be provided'
        : 'Invalid email verification type',
    );
  }
  if (body.phone && !body.email) {
    if (!E164_RE.test(body.phone.replace(/^\+/, '').replaceAll(' ', ''))) {
      throw validationFailed('Invalid phone number format (E.164 required)');
    }
  } else if (body.email && !body.phone) {
    emailToVerify(body.email);
  } else {
    throw validationFailed('Only an email address or phone number should be provided on verify');
  }
  throw forbidden('otp_expired', 'Token has expired or is invalid');
}

const FLOW_STATE_LIFETIME_MS = 300_000;
const MFA_CHALLENGE_LIFETIME_MS = 300_000;
const MAX_FACTORS = 10;

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export class AuthService {
  private readonly deps: AuthDeps;
  private readonly passwords: PasswordHasher;
  private readonly links: MailLinks;

  constructor(
    repo: AuthRepository,
    tokens: TokenService,
    mail: MailTransport,
    limiter: AuthRateLimiter,
    throttle: AccountThrottle,
    background: BackgroundTasks,
    settings: AuthSettings,
    log: FastifyBaseLogger,
    hooks: AuthHooks = {},
    now: Clock = Date.now,
  ) {
    const deps = { repo, tokens, mail, limiter, throttle, background, settings, log, hooks, now };
    this.deps = deps;
    this.passwords = new PasswordHasher(settings);
    this.links = new MailLinks(deps);
  }

  private date() {
    return new Date(this.deps.now());
  }

  // ---------------------------------------------------------------- sessions

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

  private async sessionJson(
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

  private async issueSession(user: AuthUserRow, method: string, info: RequestInfo): Promise<SessionJson> {
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

  // ---------------------------------------------------------------- sign-up and grants

  async signup(body: SignupBody, info: RequestInfo): Promise<SessionJson | UserJson> {
    if (this.deps.settings.disableSignup) throw signupDisabled();
    await this.deps.limiter.consume('otp', `signup:${info.ip}`);
    if (!body.email && !body.phone) {
      if (!body.password)
        throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
      throw unprocessable('validation_failed', 'To signup, please provide your email');
    }
    if (!body.email) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
    if (body.phone) {
      throw unprocessable(
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
    this.passwords.assertAcceptable(body.password);
    const email = normalizeEmail(body.email);
    const pkce = validatePkceParams(body.code_challenge, body.code_challenge_method);
    const data = body.data ?? {};

    const existing = await this.deps.repo.users.findUserByEmail(email);
    if (existing) {
      if (!this.deps.settings.confirmEmail)
        throw unprocessable('user_already_exists', 'User already registered');
      // With confirmation on, answer exactly as for a new address so that sign-up does not reveal
      // which emails have accounts; the owner gets mail instead, after the answer: the link again
      // if unconfirmed, else word that someone tried. The hash, database work and mail limit a new
      // account would cost keep response times alike too.
      await this.passwords.hash(body.password);
      const createdAt = this.date();
      await this.rehearseSignup(data, createdAt);
      await this.deps.limiter.consume('email', email);
      if (!existing.deleted_at) {
        if (existing.email_confirmed_at) this.links.notify(existing, 'signup_existing');
        else
          this.links.mailLater(existing, 'signup', {
            redirectTo: info.redirectTo,
            pkce: pkce ? body : undefined,
          });
      }
      return this.obfuscatedUser(email, data, createdAt);
    }

    const passwordHash = await this.passwords.hash(body.password);
    const now = this.date();
    const user = await this.deps.repo
      .transaction(async (repo) => {
        const created = await insertUserWithIdentity(repo, {
          email,
          passwordHash,
          userMetadata: data,
          confirmed: !this.deps.settings.confirmEmail,
          now,
        });
        return created;
      })
      .catch((error: unknown) => {
        // A concurrent sign-up of the same address got in first: answer as for an existing account.
        if (isUniqueViolation(error, 'users_email_lower_key')) return null;
        throw error;
      });
    if (!user) {
      if (!this.deps.settings.confirmEmail)
        throw unprocessable('user_already_exists', 'User already registered');
      return this.obfuscatedUser(email, data, now);
    }
    if (!this.deps.settings.confirmEmail) return this.issueSession(user, 'password', info);
    await this.links.sendLink(
      user,
      'signup',
      { redirectTo: info.redirectTo, pkce: pkce ? body : undefined },
      true,
    );
    return toUserJson(await this.bundle(user.id));
  }

  /**
   * The database work of a new sign-up (its rows, its link token, reading it back) in a transaction
   * that is rolled back: an existing email's answer takes as long as a new one's and keeps nothing.
   */
  private async rehearseSignup(data: Record<string, unknown>, now: Date): Promise<void> {
    const undo = new Error('sign-up rehearsal rolled back');
    try {
      await this.deps.repo.transaction(async (repo) => {
        const user = await insertUserWithIdentity(repo, {
          email: `${newId()}@rehearsal.invalid`,
          passwordHash: null,
          userMetadata: data,
          confirmed: false,
          now,
        });
        await repo.oneTime.deleteOneTimeTokens(user.id, ['signup']);
        await repo.oneTime.insertOneTimeToken({
          user_id: user.id,
          token_type: 'signup',
          token_hash: sha256Hex(randomToken()),
          code_hash: sha256Hex(randomToken()),
          relates_to: user.email ?? '',
          created_at: now,
        });
        await repo.users.updateUser(user.id, { confirmation_sent_at: now }, now);
        await repo.loadUserBundle(user.id);
        throw undo;
      });
    } catch (error) {
      if (error !== undo) throw error;
    }
  }

  /**
   * What a fresh, unconfirmed sign-up of `email` looks like, under a random id that exists nowhere:
   * created at `createdAt`, its confirmation sent now, metadata in the database's key order.
   */
  private obfuscatedUser(email: string, data: Record<string, unknown>, createdAt: Date): UserJson {
    const now = this.date();
    const id = newId();
    return toUserJson({
      user: {
        id,
        aud: 'authenticated',
        role: 'authenticated',
        email,
        encrypted_password: null,
        email_confirmed_at: null,
        invited_at: null,
        confirmation_sent_at: now,
        recovery_sent_at: null,
        email_change: null,
        email_change_sent_at: null,
        reauthentication_sent_at: null,
        phone: null,
        raw_app_meta_data: jsonbKeyOrder({ provider: 'email', providers: ['email'] }),
        raw_user_meta_data: jsonbKeyOrder({
          ...data,
          email,
          email_verified: false,
          phone_verified: false,
          sub: id,
        }),
        is_anonymous: false,
        banned_until: null,
        deleted_at: null,
        last_sign_in_at: null,
        created_at: createdAt,
        updated_at: now,
      },
      identities: [
        {
          id: newId(),
          provider_id: id,
          user_id: id,
          provider: 'email',
          identity_data: jsonbKeyOrder({ sub: id, email, email_verified: false, phone_verified: false }),
          last_sign_in_at: null,
          created_at: createdAt,
          updated_at: createdAt,
        },
      ],
      factors: [],
    });
  }

  private async bundle(userId: string) {
    const bundle = await this.deps.repo.loadUserBundle(userId);
    if (!bundle) throw notFound('user_not_found', 'User not found');
    return bundle;
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

  // ---------------------------------------------------------------- signed-in user

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

  async updateUser(auth: AuthContext, body: UserUpdateBody, info: RequestInfo): Promise<UserJson> {
    const { user, session } = auth;
    const email = body.email ? normalizeEmail(body.email) : undefined;
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (body.password !== undefined) this.passwords.assertAcceptable(body.password);
    if (body.app_metadata) {
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    }
    const changesEmail = email !== undefined && email !== user.email;
    const factors = await this.deps.repo.factors.findFactors(user.id);
    if (
      factors.some((f) => f.status === 'verified') &&
      session.aal !== 'aal2' &&
      (body.password || changesEmail)
    ) {
      throw unauthorized(
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
    if (changesEmail) {
      const other = await this.deps.repo.users.findUserByEmail(email);
      if (other && other.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
    }
    const pkce = validatePkceParams(body.code_challenge, body.code_challenge_method);

    let passwordHash: string | undefined;
    if (body.password !== undefined) {
      const sessionAge = this.deps.now() - session.created_at.getTime();
      if (this.deps.settings.securePasswordChange && sessionAge > 24 * 3600_000) {
        if (!body.nonce)
          throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
        await this.consumeReauthentication(user, body.nonce);
      } else if (body.nonce) {
        await this.consumeReauthentication(user, body.nonce);
      }
      if (await this.passwords.matches(user.encrypted_password, body.password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      passwordHash = await this.passwords.hash(body.password);
    }

    const now = this.date();
    let updated = await this.deps.repo.transaction(async (repo) => {
      let row = user;
      if (passwordHash) {
        row = await repo.users.updateUser(user.id, { encrypted_password: passwordHash }, now);
        // Whoever knew the old password may hold other sessions: end them, keep this one.
        await repo.sessions.deleteUserSessions(user.id, session.id);
        await repo.oneTime.deleteOneTimeTokens(user.id);
      }
      if (body.data) {
        const { set, removed } = metadataChanges(body.data);
        row = await repo.users.mergeUserMetadata(user.id, set, removed, now);
      }
      return row;
    });
    // A new password (the end of a reset, too) ends a lock on password sign-in.
    if (passwordHash && user.email) await this.deps.throttle.clearPassword(user.email);
    if (changesEmail) {
      updated = await this.links.sendLink(updated, 'email_change', {
        redirectTo: info.redirectTo,
        pkce: pkce ? body : undefined,
        newEmail: email,
      });
    }
    return toUserJson(await this.deps.repo.bundleFor(updated));
  }

  async reauthenticate(auth: AuthContext): Promise<void> {
    if (!auth.user.email)
      throw unprocessable('validation_failed', 'Reauthentication requires an email address');
    await this.links.sendLink(auth.user, 'reauthentication', {});
  }

  private async consumeReauthentication(user: AuthUserRow, nonce: string) {
    const row = await this.deps.repo.oneTime.findOneTimeTokenByCode(
      user.id,
      sha256Hex(`${user.id}:${nonce}`),
      ['reauthentication'],
    );
    if (!row || row.created_at.getTime() + LINK_LIFETIME_MS < this.deps.now()) {
      throw unprocessable('reauthentication_not_valid', 'Requires reauthentication');
    }
    await this.deps.repo.oneTime.deleteOneTimeTokens(user.id, ['reauthentication']);
  }

  async recover(body: RecoverBody, info: RequestInfo): Promise<void> {
    await this.deps.limiter.consume('otp', `recover:${info.ip}`);
    const email = normalizeEmail(body.email);
    const pkce = validatePkceParams(body.code_challenge, body.code_challenge_method);
    const user = await this.deps.repo.users.findUserByEmail(email);
    // Unknown addresses get the same answer after the same work: /recover must not reveal who has
    // an account. The mail limit counts every address; a known one's link is made and mailed later.
    await this.deps.limiter.consume('email', email);
    if (user && !user.deleted_at) {
      this.links.mailLater(user, 'recovery', { redirectTo: info.redirectTo, pkce: pkce ? body : undefined });
    }
  }

  async otp(body: OtpBody, info: RequestInfo): Promise<void> {
    await this.deps.limiter.consume('otp', `otp:${info.ip}`);
    if (!body.email && !body.phone)
      throw validationFailed('You must provide either an email or phone number.');
    if (!body.email) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const email = normalizeEmail(body.email);
    const pkce = validatePkceParams(body.code_challenge, body.code_challenge_method);
    const pkceBody = pkce ? body : undefined;
    const user = await this.deps.repo.users.findUserByEmail(email);
    // Known, new or neither, the answer comes after the same work (the mail limit counts every
    // address); creating the account, making the link and mailing it happen after the answer.
    await this.deps.limiter.consume('email', email);
    if (user && !user.deleted_at) {
      if (user.banned_until && user.banned_until.getTime() > this.deps.now()) return;
      // An address not confirmed yet gets the sign-up link, which GoTrue then refuses too.
      if (!user.email_confirmed_at && this.deps.settings.disableSignup) throw signupDisabled();
      this.links.mailLater(user, user.email_confirmed_at ? 'magiclink' : 'signup', {
        redirectTo: info.redirectTo,
        pkce: pkceBody,
      });
      return;
    }
    // GoTrue's answer, though it tells the caller that no account has this address.
    if (body.create_user === false) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    // A deleted account's address: the same answer as for a known address (no enumeration).
    if (user) return;
    if (this.deps.settings.disableSignup) throw signupDisabled();
    const userMetadata = body.data ?? {};
    this.deps.background.run('otp sign-up', async () => {
      const created = await this.deps.repo.transaction((repo) =>
        insertUserWithIdentity(repo, {
          email,
          passwordHash: null,
          userMetadata,
          confirmed: false,
          now: this.date(),
        }),
      );
      await this.links.mailLink(created, 'signup', { redirectTo: info.redirectTo, pkce: pkceBody }, true);
    });
  }

  async resend(body: ResendBody, info: RequestInfo): Promise<void> {
    await this.deps.limiter.consume('otp', `resend:${info.ip}`);
    if (!body.email && !body.phone) {
      throw validationFailed('You must provide either an email or phone number and a type');
    }
    if (!body.email) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const email = normalizeEmail(body.email);
    if (body.type !== 'signup' && body.type !== 'email_change') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    const pkce = validatePkceParams(body.code_challenge, body.code_challenge_method);
    const pkceBody = pkce ? body : undefined;
    if (body.type === 'signup') {
      const user = await this.deps.repo.users.findUserByEmail(email);
      // As /recover: the same work for every address, the link made and mailed after the answer.
      await this.deps.limiter.consume('email', email);
      if (user && !user.deleted_at && !user.email_confirmed_at) {
        this.links.mailLater(user, 'signup', { redirectTo: info.redirectTo, pkce: pkceBody });
      }
      return;
    }
    const user = await this.deps.repo.users.findUserByPendingEmail(email);
    await this.deps.limiter.consume('email', email);
    if (user?.email_change) {
      this.links.mailLater(user, 'email_change', {
        redirectTo: info.redirectTo,
        pkce: pkceBody,
        newEmail: user.email_change,
      });
    }
  }

  /** Redeems a one-time token; returns the user after the token's effect and the token's kind. */
  private async redeem(
    repo: AuthRepository,
    type: string,
    find: { tokenHash: string } | { email: string; code: string },
  ): Promise<{ user: AuthUserRow; kind: string }> {
    const invalid = forbidden('otp_expired', 'Token has expired or is invalid');
    const allowed = TOKEN_TYPES_FOR_VERIFY[type];
    if (!allowed) throw validationFailed(`Unsupported verification type: ${type}`);
    let row: Awaited<ReturnType<AuthRepository['oneTime']['findOneTimeTokenByHash']>>;
    if ('tokenHash' in find) {
      row = await repo.oneTime.findOneTimeTokenByHash(find.tokenHash);
    } else {
      const owner =
        type === 'email_change'
          ? ((await repo.users.findUserByPendingEmail(find.email)) ??
            (await repo.users.findUserByEmail(find.email)))
          : await repo.users.findUserByEmail(find.email);
      row = owner
        ? await repo.oneTime.findOneTimeTokenByCode(owner.id, sha256Hex(`${owner.id}:${find.code}`), allowed)
        : undefined;
    }
    if (!row || !allowed.includes(row.token_type)) throw invalid;
    const lifetime = row.token_type === 'invite' ? INVITE_LIFETIME_MS : LINK_LIFETIME_MS;
    if (row.created_at.getTime() + lifetime < this.deps.now()) throw invalid;
    const user = await repo.users.findUserById(row.user_id);
    if (!user || user.deleted_at) throw invalid;
    if (user.banned_until && user.banned_until.getTime() > this.deps.now()) {
      throw forbidden('user_banned', 'User is banned');
    }
    const now = this.date();
    await repo.oneTime.deleteOneTimeTokens(user.id, [row.token_type]);
    let updated = user;
    if (row.token_type === 'email_change') {
      if (!user.email_change) throw invalid;
      const taken = await repo.users.findUserByEmail(user.email_change);
      if (taken && taken.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      updated = await repo.users.updateUser(
        user.id,
        {
          email: user.email_change,
          email_change: null,
          email_change_sent_at: null,
          email_confirmed_at: user.email_confirmed_at ?? now,
        },
        now,
      );
      await repo.users.updateIdentityData(
        user.id,
        'email',
        { email: user.email_change, email_verified: true },
        now,
      );
      updated = await repo.users.mergeUserMetadata(
        user.id,
        { email: user.email_change, email_verified: true },
        [],
        now,
      );
    } else if (!user.email_confirmed_at) {
      updated = await repo.users.updateUser(user.id, { email_confirmed_at: now }, now);
      await repo.users.updateIdentityData(user.id, 'email', { email_verified: true }, now);
      updated = await repo.users.mergeUserMetadata(user.id, { email_verified: true }, [], now);
    }
    return { user: updated, kind: row.token_type };
  }

  async verifyPost(body: VerifyBody, info: RequestInfo): Promise<SessionJson> {
    await this.deps.limiter.consume('otp', `verify:${info.ip}`);
    if (!body.type) throw validationFailed('Verify requires a verification type');
    if (body.phone || body.type === 'sms' || body.type === 'phone_change') refusePhoneVerification(body);
    let find: { tokenHash: string } | { email: string; code: string };
    if (body.token_hash) {
      find = { tokenHash: sha256Hex(body.token_hash) };
    } else if (body.token && body.email) {
      find = { email: emailToVerify(body.email), code: body.token.replaceAll('-', '').trim() };
    } else if (body.token) {
      // A link token pasted as `token` (older clients) is accepted like token_hash.
      find = { tokenHash: sha256Hex(body.token) };
    } else {
      throw validationFailed('Verify requires either a token or a token hash');
    }
    const { user } = await this.deps.repo.transaction((repo) => this.redeem(repo, body.type!, find));
    return this.issueSession(user, 'otp', info);
  }

  /**
   * GET /verify, the target of mail links: answers with where to send the browser. The session
   * travels in the URL fragment (implicit flow) or as `?code=` for the client's PKCE exchange;
   * errors travel the same way, as GoTrue sends them.
   */
  async verifyGet(query: VerifyQuery, info: RequestInfo): Promise<string> {
    const redirectTo = resolveRedirect(this.deps.settings, query.redirect_to);
    const token = query.token ?? '';
    const pkce = token.startsWith(PKCE_PREFIX);
    try {
      await this.deps.limiter.consume('otp', `verify:${info.ip}`);
      if (!token) throw validationFailed('Verify requires a token');
      if (!query.type) throw validationFailed('Verify requires a verification type');
      if (!['signup', 'invite', 'magiclink', 'recovery', 'email_change'].includes(query.type)) {
        throw validationFailed(`Unsupported verification type: ${query.type}`);
      }
      const type = query.type;
      const { user } = await this.deps.repo.transaction((repo) =>
        this.redeem(repo, type, { tokenHash: sha256Hex(token) }),
      );
      if (pkce) {
        const flow = await this.deps.repo.oneTime.findPendingFlowState(user.id, FLOW_METHOD[type] ?? type);
        if (!flow) throw notFound('flow_state_not_found', 'No associated flow state found.');
        await this.deps.repo.oneTime.markFlowStateIssued(flow.id, this.date());
        const url = new URL(redirectTo);
        url.searchParams.set('code', flow.auth_code);
        return url.toString();
      }
      const session = await this.issueSession(user, 'otp', info);
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
      });
      return `${redirectTo.split('#')[0]}#${fragment.toString()}`;
    } catch (error) {
      if (!(error instanceof AuthError) || error.status >= 500) throw error;
      const params = new URLSearchParams({
        error:
          error.status === 403
            ? 'access_denied'
            : error.status === 401
              ? 'unauthorized_client'
              : 'invalid_request',
        error_code: error.code,
        error_description:
          error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
      });
      const url = new URL(redirectTo);
      url.hash = '';
      // A PKCE client reads the error from the query string, an implicit one from the fragment.
      if (pkce) for (const [key, value] of params) url.searchParams.set(key, value);
      return `${url.toString()}#${params.toString()}`;
    }
  }

  // ---------------------------------------------------------------- MFA (TOTP)

  async enrollFactor(auth: AuthContext, body: EnrollBody) {
    if (body.factor_type === 'phone') {
      throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    }
    if (body.factor_type === 'webauthn') {
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    if (body.factor_type !== 'totp') {
      throw validationFailed('factor_type needs to be totp, phone, or webauthn');
    }
    const { user, session } = auth;
    const friendlyName = body.friendly_name?.trim() || null;
    const factors = await this.deps.repo.factors.findFactors(user.id);
    const now = this.deps.now();
    // Enrolments left unverified for longer than a challenge lives are abandoned: drop them.
    const live = [];
    for (const factor of factors) {
      if (factor.status !== 'verified' && factor.created_at.getTime() + MFA_CHALLENGE_LIFETIME_MS < now) {
        await this.deps.repo.factors.deleteFactor(factor.id);
      } else {
        live.push(factor);
      }
    }
    if (friendlyName && live.some((f) => f.friendly_name === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    if (live.length >= MAX_FACTORS) {
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (live.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    const issuer = body.issuer?.trim() || new URL(this.deps.settings.siteUrl).host;
    const secret = generateTotpSecret();
    const uri = otpauthUri(issuer, user.email ?? user.id, secret);
    const factor = await this.deps.repo.factors.insertFactor({
      user_id: user.id,
      friendly_name: friendlyName,
      factor_type: 'totp',
      status: 'unverified',
      secret,
      created_at: this.date(),
      updated_at: this.date(),
    });
    return {
      id: factor.id,
      type: 'totp' as const,
      friendly_name: factor.friendly_name ?? '',
      totp: { qr_code: await qrCodeSvg(uri), secret, uri },
    };
  }

  private async ownedFactor(auth: AuthContext, factorId: string) {
    if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
    const factor = await this.deps.repo.factors.findFactor(auth.user.id, factorId);
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    return factor;
  }

  async challengeFactor(auth: AuthContext, factorId: string, info: RequestInfo) {
    const factor = await this.ownedFactor(auth, factorId);
    const now = this.date();
    const challenge = await this.deps.repo.factors.insertChallenge({
      factor_id: factor.id,
      ip_address: info.ip,
      created_at: now,
    });
    await this.deps.repo.factors.updateFactor(factor.id, { last_challenged_at: now }, now);
    return {
      id: challenge.id,
      type: factor.factor_type,
      expires_at: Math.floor((now.getTime() + MFA_CHALLENGE_LIFETIME_MS) / 1000),
    };
  }

  async verifyFactor(auth: AuthContext, factorId: string, body: VerifyFactorBody, info: RequestInfo) {
    const factor = await this.ownedFactor(auth, factorId);
    // Per address here; per session and user below (a lock that never shuts the owner out).
    await this.deps.limiter.consume('otp', `mfa:${info.ip}`);
    if (!body.code) throw validationFailed('Code needs to be non-empty');
    if (!body.challenge_id || !isUuid(body.challenge_id))
      throw validationFailed('challenge_id must be an UUID');
    const challenge = await this.deps.repo.factors.findChallenge(factor.id, body.challenge_id);
    if (!challenge) {
      throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    if (challenge.verified_at || challenge.ip_address !== info.ip) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (challenge.created_at.getTime() + MFA_CHALLENGE_LIFETIME_MS < this.deps.now()) {
      await this.deps.repo.factors.deleteChallenge(challenge.id);
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    await this.deps.throttle.beginTotp(auth.session.id);
    if (!verifyTotp(factor.secret, body.code.trim(), this.deps.now())) {
      if (await this.deps.throttle.totpFailed(auth.user.id, auth.session.id))
        this.links.notify(auth.user, 'mfa_failures');
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    await this.deps.throttle.totpPassed(auth.user.id, auth.session.id);
    const now = this.date();
    return this.deps.repo.transaction(async (repo) => {
      if (!(await repo.factors.consumeChallenge(challenge.id, now))) {
        throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      }
      if (factor.status !== 'verified')
        await repo.factors.updateFactor(factor.id, { status: 'verified' }, now);
      await repo.factors.deleteUnverifiedFactors(auth.user.id, factor.id);
      await repo.sessions.addAmrClaim(auth.session.id, 'totp', now);
      const session = await repo.sessions.updateSession(
        auth.session.id,
        { aal: 'aal2', factor_id: factor.id },
        now,
      );
      if (!session)
        throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
      // The raised session gets a new refresh token: a token taken before the second factor
      // must not keep refreshing into aal2 tokens.
      await repo.sessions.revokeSessionTokens(session.id, now);
      const refreshToken = randomToken();
      await repo.sessions.insertRefreshToken({
        token_hash: sha256Hex(refreshToken),
        session_id: session.id,
        user_id: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      // As GoTrue does: once a factor is verified, the user's other single-factor sessions end.
      await repo.sessions.deleteUserSessions(auth.user.id, session.id, 'aal1');
      const user = (await repo.users.findUserById(auth.user.id)) ?? auth.user;
      return this.sessionJson(repo, user, session, refreshToken);
    });
  }

  async unenrollFactor(auth: AuthContext, factorId: string) {
    const factor = await this.ownedFactor(auth, factorId);
    // Stricter than GoTrue (which looks at this factor only): once any factor is verified, only a
    // session that passed it may change the user's factors.
    const factors = await this.deps.repo.factors.findFactors(auth.user.id);
    if (factors.some((f) => f.status === 'verified') && auth.session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await this.deps.repo.transaction(async (repo) => {
      await repo.sessions.downgradeSessionsOfFactor(factor.id, this.date());
      await repo.factors.deleteFactor(factor.id);
    });
    return { id: factor.id };
  }

  // ---------------------------------------------------------------- admin

  /** Admin credential: SERVICE_ROLE_KEY itself, or a JWT of ours whose role is service_role. */
  async authorizeAdmin(bearer: string | undefined, serviceRoleKey: string | undefined): Promise<void> {
    if (!bearer) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
    if (serviceRoleKey && safeEqual(bearer, serviceRoleKey)) return;
    let role: unknown;
    try {
      role = (await this.deps.tokens.verify(bearer)).role;
    } catch (error) {
      const reason = error instanceof InvalidTokenError ? error.message : 'invalid token';
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    if (!isAdminRole(role)) throw forbidden('not_admin', 'User not allowed');
  }

  hashPassword(password: string): Promise<string> {
    return this.passwords.hash(password);
  }

  /** Hashes a new password after GoTrue's strength rules (weak_password otherwise). */
  hashPasswordChecked(password: string): Promise<string> {
    return this.passwords.hashChecked(password);
  }

  /** Inserts the user and their email identity (GoTrue's user + identity pair). */
  createUserRows(repo: AuthRepository, input: NewAuthUser): Promise<AuthUserRow> {
    return insertUserWithIdentity(repo, input);
  }

  /** The token, code and action link of `kind` (also what admin generate_link returns). */
  createLink(user: AuthUserRow, kind: MailKind, options: LinkOptions) {
    return this.links.createLink(user, kind, options);
  }

  sendInvite(user: AuthUserRow, redirectTo: string | undefined): Promise<AuthUserRow> {
    return this.links.sendLink(user, 'invite', { redirectTo });
  }
}

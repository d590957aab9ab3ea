import { timingSafeEqual } from 'node:crypto';
import { isAdminRole } from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUserRow } from '../../db/schema/auth.ts';
import type { BackgroundTasks } from './auth.background.ts';
import {
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
import { type SessionJson, toUserJson, type UserJson } from './auth.mapper.ts';
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
import { SessionService } from './auth.sessions.ts';
import {
  insertUserWithIdentity,
  LINK_LIFETIME_MS,
  metadataChanges,
  type NewAuthUser,
  normalizeEmail,
  validatePkceParams,
} from './auth.shared.ts';
import { SignupService } from './auth.signup.ts';
import type { AccountThrottle } from './auth.throttle.ts';
import { InvalidTokenError, isUuid, randomToken, sha256Hex, type TokenService } from './auth.tokens.ts';
import type {
  AuthContext,
  AuthDeps,
  AuthHooks,
  AuthSettings,
  Clock,
  LinkOptions,
  RequestInfo,
} from './auth.types.ts';
import { VerificationService } from './auth.verify.ts';

export type { AuthContext, AuthHooks, AuthSettings, Clock, RequestInfo } from './auth.types.ts';

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
  private readonly sessions: SessionService;
  private readonly signups: SignupService;
  private readonly verification: VerificationService;

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
    this.sessions = new SessionService(deps, this.passwords, this.links);
    this.signups = new SignupService(deps, this.passwords, this.links, this.sessions);
    this.verification = new VerificationService(deps, this.links, this.sessions);
  }

  private date() {
    return new Date(this.deps.now());
  }

  // ---------------------------------------------------------------- sessions and grants

  /** Checks a bearer access token against its user and session (GoTrue's requireAuthentication). */
  authenticate(bearer: string | undefined): Promise<AuthContext> {
    return this.sessions.authenticate(bearer);
  }

  token(grantType: string | undefined, body: TokenBody, info: RequestInfo): Promise<SessionJson> {
    return this.sessions.token(grantType, body, info);
  }

  logout(auth: AuthContext, scope: string | undefined): Promise<void> {
    return this.sessions.logout(auth, scope);
  }

  getUser(auth: AuthContext): Promise<UserJson> {
    return this.sessions.getUser(auth);
  }

  // ---------------------------------------------------------------- sign-up, mail codes and verify

  signup(body: SignupBody, info: RequestInfo): Promise<SessionJson | UserJson> {
    return this.signups.signup(body, info);
  }

  otp(body: OtpBody, info: RequestInfo): Promise<void> {
    return this.verification.otp(body, info);
  }

  resend(body: ResendBody, info: RequestInfo): Promise<void> {
    return this.verification.resend(body, info);
  }

  verifyPost(body: VerifyBody, info: RequestInfo): Promise<SessionJson> {
    return this.verification.verifyPost(body, info);
  }

  /** GET /verify, the target of mail links: answers with where to send the browser. */
  verifyGet(query: VerifyQuery, info: RequestInfo): Promise<string> {
    return this.verification.verifyGet(query, info);
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
      return this.sessions.sessionJson(repo, user, session, refreshToken);
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

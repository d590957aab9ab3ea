import type { FastifyBaseLogger } from 'fastify';
import type { AuthUserRow } from '../../db/schema/auth.ts';
import { checkAdminCredential } from './auth.admin.service.ts';
import type { BackgroundTasks } from './auth.background.ts';
import { FactorService } from './auth.factors.ts';
import { PasswordHasher } from './auth.hashing.ts';
import { MailLinks } from './auth.links.ts';
import type { MailKind, MailTransport } from './auth.mailer.ts';
import type { SessionJson, UserJson } from './auth.mapper.ts';
import { PasswordService } from './auth.passwords.ts';
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
import { SignupService } from './auth.signup.ts';
import type { AccountThrottle } from './auth.throttle.ts';
import type { TokenService } from './auth.tokens.ts';
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

/**
 * The GoTrue-compatible auth service as its routes and the admin API see it: one method per endpoint,
 * each handed to the part that owns its rules (sessions and grants, sign-up, mail codes and verify,
 * passwords and recovery, MFA). The parts share one set of dependencies (AuthDeps).
 */
export class AuthService {
  private readonly deps: AuthDeps;
  private readonly passwords: PasswordHasher;
  private readonly links: MailLinks;
  private readonly sessions: SessionService;
  private readonly signups: SignupService;
  private readonly verification: VerificationService;
  private readonly passwordFlows: PasswordService;
  private readonly mfa: FactorService;

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
    this.passwordFlows = new PasswordService(deps, this.passwords, this.links);
    this.mfa = new FactorService(deps, this.links, this.sessions);
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

  // ---------------------------------------------------------------- passwords and recovery

  recover(body: RecoverBody, info: RequestInfo): Promise<void> {
    return this.passwordFlows.recover(body, info);
  }

  updateUser(auth: AuthContext, body: UserUpdateBody, info: RequestInfo): Promise<UserJson> {
    return this.passwordFlows.updateUser(auth, body, info);
  }

  reauthenticate(auth: AuthContext): Promise<void> {
    return this.passwordFlows.reauthenticate(auth);
  }

  // ---------------------------------------------------------------- MFA (TOTP)

  enrollFactor(auth: AuthContext, body: EnrollBody) {
    return this.mfa.enrollFactor(auth, body);
  }

  challengeFactor(auth: AuthContext, factorId: string, info: RequestInfo) {
    return this.mfa.challengeFactor(auth, factorId, info);
  }

  verifyFactor(auth: AuthContext, factorId: string, body: VerifyFactorBody, info: RequestInfo) {
    return this.mfa.verifyFactor(auth, factorId, body, info);
  }

  unenrollFactor(auth: AuthContext, factorId: string) {
    return this.mfa.unenrollFactor(auth, factorId);
  }

  // ---------------------------------------------------------------- admin API

  /** Admin credential: SERVICE_ROLE_KEY itself, or a JWT of ours whose role is service_role. */
  authorizeAdmin(bearer: string | undefined, serviceRoleKey: string | undefined): Promise<void> {
    return checkAdminCredential(this.deps.tokens, bearer, serviceRoleKey);
  }

  /** Hashes a new password after GoTrue's strength rules (weak_password otherwise). */
  hashPasswordChecked(password: string): Promise<string> {
    return this.passwords.hashChecked(password);
  }

  /** The token, code and action link of `kind` (also what admin generate_link returns). */
  createLink(user: AuthUserRow, kind: MailKind, options: LinkOptions) {
    return this.links.createLink(user, kind, options);
  }

  sendInvite(user: AuthUserRow, redirectTo: string | undefined): Promise<AuthUserRow> {
    return this.links.sendLink(user, 'invite', { redirectTo });
  }
}

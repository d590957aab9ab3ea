import type { AuthUserRow } from '../../db/schema/auth.ts';
import { AuthError, forbidden, notFound, unprocessable, validationFailed } from './auth.errors.ts';
import type { MailLinks } from './auth.links.ts';
import type { SessionJson } from './auth.mapper.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { OtpBody, ResendBody, VerifyBody, VerifyQuery } from './auth.schemas.ts';
import type { SessionService } from './auth.sessions.ts';
import {
  FLOW_METHOD,
  INVITE_LIFETIME_MS,
  insertUserWithIdentity,
  LINK_LIFETIME_MS,
  normalizeEmail,
  PKCE_PREFIX,
  resolveRedirect,
  signupDisabled,
  validatePkceParams,
} from './auth.shared.ts';
import { sha256Hex } from './auth.tokens.ts';
import type { AuthDeps, RequestInfo } from './auth.types.ts';

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

/**
 * Mail codes and links: asking for one (OTP, resend) and redeeming one (POST and GET /verify), which
 * confirms a sign-up or an email change, or signs in by magic link, recovery or invitation.
 */
export class VerificationService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly links: MailLinks,
    private readonly sessions: SessionService,
  ) {}

  private date() {
    return new Date(this.deps.now());
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
    return this.sessions.issueSession(user, 'otp', info);
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
      const session = await this.sessions.issueSession(user, 'otp', info);
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
}

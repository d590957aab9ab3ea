import type { AuthUserRow } from '../../db/schema/auth.ts';
import { badRequest, forbidden, unauthorized, unprocessable } from './auth.errors.ts';
import type { PasswordHasher } from './auth.hashing.ts';
import type { MailLinks } from './auth.links.ts';
import { toUserJson, type UserJson } from './auth.mapper.ts';
import type { RecoverBody, UserUpdateBody } from './auth.schemas.ts';
import { LINK_LIFETIME_MS, metadataChanges, normalizeEmail, validatePkceParams } from './auth.shared.ts';
import { sha256Hex } from './auth.tokens.ts';
import type { AuthContext, AuthDeps, RequestInfo } from './auth.types.ts';

/**
 * Passwords and recovery: the recovery mail (POST /recover) and the signed-in user's changes to their
 * account (PUT /user: password, with reauthentication when asked, email address, metadata).
 */
export class PasswordService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly passwords: PasswordHasher,
    private readonly links: MailLinks,
  ) {}

  private date() {
    return new Date(this.deps.now());
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
}

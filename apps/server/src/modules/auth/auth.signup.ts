import { isUniqueViolation } from '../../lib/db-errors.ts';
import { notFound, unprocessable } from './auth.errors.ts';
import type { PasswordHasher } from './auth.hashing.ts';
import type { MailLinks } from './auth.links.ts';
import { jsonbKeyOrder, type SessionJson, toUserJson, type UserJson } from './auth.mapper.ts';
import type { SignupBody } from './auth.schemas.ts';
import type { SessionService } from './auth.sessions.ts';
import { insertUserWithIdentity, normalizeEmail, signupDisabled, validatePkceParams } from './auth.shared.ts';
import { newId, randomToken, sha256Hex } from './auth.tokens.ts';
import type { AuthDeps, RequestInfo } from './auth.types.ts';

/**
 * POST /signup: a new account with a password, confirmed at once or by the mailed link; an address
 * that has an account gets the same answer after the same work, and its owner gets mail instead.
 */
export class SignupService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly passwords: PasswordHasher,
    private readonly links: MailLinks,
    private readonly sessions: SessionService,
  ) {}

  private date() {
    return new Date(this.deps.now());
  }

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
    if (!this.deps.settings.confirmEmail) return this.sessions.issueSession(user, 'password', info);
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
}

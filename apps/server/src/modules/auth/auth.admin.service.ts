import { timingSafeEqual } from 'node:crypto';
import { isAdminRole } from '@sys/shared';
import type { AuthUserRow } from '../../db/schema/auth.ts';
import {
  badRequest,
  forbidden,
  notFound,
  unauthorized,
  unprocessable,
  validationFailed,
} from './auth.errors.ts';
import { hashPassword } from './auth.hashing.ts';
import type { MailLinks } from './auth.links.ts';
import { toFactorJson, toUserJson, type UserJson } from './auth.mapper.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { AdminUserBody, GenerateLinkBody, InviteBody } from './auth.schemas.ts';
import { insertUserWithIdentity, metadataChanges, normalizeEmail, parseBanDuration } from './auth.shared.ts';
import { InvalidTokenError, isUuid, randomToken, sha256Hex, type TokenService } from './auth.tokens.ts';
import type { AuthHooks, Clock } from './auth.types.ts';

export interface UserPage {
  users: UserJson[];
  total: number;
  page: number;
  perPage: number;
}

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

/** What the admin API uses of the user-facing service (AuthService): its password rules and mail links. */
export interface AdminAuthParts {
  hashPasswordChecked(password: string): Promise<string>;
  createLink: MailLinks['createLink'];
  sendInvite(user: AuthUserRow, redirectTo: string | undefined): Promise<AuthUserRow>;
}

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Admin credential: SERVICE_ROLE_KEY itself, or a JWT of ours whose role is service_role. */
export async function checkAdminCredential(
  tokens: TokenService,
  bearer: string | undefined,
  serviceRoleKey: string | undefined,
): Promise<void> {
  if (!bearer) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  if (serviceRoleKey && safeEqual(bearer, serviceRoleKey)) return;
  let role: unknown;
  try {
    role = (await tokens.verify(bearer)).role;
  } catch (error) {
    const reason = error instanceof InvalidTokenError ? error.message : 'invalid token';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  if (!isAdminRole(role)) throw forbidden('not_admin', 'User not allowed');
}

/** Admin operations (service-role callers and the `npm run admin` CLI): GoTrue's /admin API. */
export class AuthAdminService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly auth: AdminAuthParts,
    private readonly hooks: AuthHooks = {},
    private readonly now: Clock = Date.now,
  ) {}

  private date() {
    return new Date(this.now());
  }

  /** A user created by invitation: no password until they follow the link and set one. */
  private insertInvitedUser(email: string, data: Record<string, unknown> | undefined, now: Date) {
    return this.repo.transaction((repo) =>
      insertUserWithIdentity(repo, {
        email,
        passwordHash: null,
        userMetadata: data ?? {},
        confirmed: false,
        invited: true,
        adminCreated: true,
        now,
      }),
    );
  }

  private async findUser(userId: string): Promise<AuthUserRow> {
    if (!isUuid(userId)) throw validationFailed('user_id must be an UUID');
    const user = await this.repo.users.findUserById(userId);
    if (!user) throw notFound('user_not_found', 'User not found');
    return user;
  }

  async listUsers(query: {
    page?: string | undefined;
    per_page?: string | undefined;
    filter?: string | undefined;
  }) {
    const page = query.page ? Number(query.page) : 1;
    const perPage = query.per_page ? Number(query.per_page) : DEFAULT_PER_PAGE;
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1) {
      throw validationFailed('Bad Pagination Parameters: page and per_page must be positive integers');
    }
    const limit = Math.min(perPage, MAX_PER_PAGE);
    const { rows, total } = await this.repo.users.listUsers({
      limit,
      offset: (page - 1) * limit,
      filter: query.filter,
    });
    const bundles = await this.repo.bundlesFor(rows);
    return { users: bundles.map(toUserJson), total, page, perPage: limit } satisfies UserPage;
  }

  async getUser(userId: string): Promise<UserJson> {
    const user = await this.findUser(userId);
    return toUserJson(await this.repo.bundleFor(user));
  }

  async createUser(body: AdminUserBody): Promise<UserJson> {
    if (!body.email && !body.phone) {
      throw validationFailed('Cannot create a user without either an email or phone');
    }
    if (!body.email) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const email = normalizeEmail(body.email);
    if (body.password && body.password_hash) {
      throw validationFailed('Only a password or a password hash should be provided');
    }
    if (body.password_hash && !body.password_hash.startsWith('$argon2')) {
      throw validationFailed('Only argon2 password hashes are supported');
    }
    if (body.id && !isUuid(body.id)) throw validationFailed('ID must conform to the uuid v4 format');
    const banMs = body.ban_duration ? parseBanDuration(body.ban_duration) : 0;
    if (await this.repo.users.findUserByEmail(email)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    // Without a password the account can only be entered through a link (invite, magic link, recovery).
    const passwordHash = body.password_hash ?? (body.password ? await hashPassword(body.password) : null);
    const now = this.date();
    const user = await this.repo.transaction(async (repo) => {
      let created = await insertUserWithIdentity(repo, {
        id: body.id,
        email,
        passwordHash,
        userMetadata: body.user_metadata ?? {},
        appMetadata: body.app_metadata,
        role: body.role,
        confirmed: body.email_confirm === true,
        adminCreated: true,
        now,
      });
      if (banMs > 0)
        created = await repo.users.updateUser(
          created.id,
          { banned_until: new Date(now.getTime() + banMs) },
          now,
        );
      return created;
    });
    return toUserJson(await this.repo.bundleFor(user));
  }

  async updateUser(userId: string, body: AdminUserBody): Promise<UserJson> {
    const user = await this.findUser(userId);
    const email = body.email ? normalizeEmail(body.email) : undefined;
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (email && email !== user.email) {
      const other = await this.repo.users.findUserByEmail(email);
      if (other && other.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
    }
    const banMs = body.ban_duration !== undefined ? parseBanDuration(body.ban_duration) : undefined;
    let passwordHash: string | undefined;
    if (body.password !== undefined) passwordHash = await this.auth.hashPasswordChecked(body.password);
    const now = this.date();
    const updated = await this.repo.transaction(async (repo) => {
      let row = user;
      const patch: Partial<AuthUserRow> = {};
      if (body.role) patch.role = body.role;
      if (body.email_confirm && !user.email_confirmed_at) patch.email_confirmed_at = now;
      if (passwordHash) patch.encrypted_password = passwordHash;
      if (email && email !== user.email) {
        patch.email = email;
        patch.email_change = null;
      }
      if (banMs !== undefined) patch.banned_until = banMs > 0 ? new Date(now.getTime() + banMs) : null;
      if (Object.keys(patch).length > 0) row = await repo.users.updateUser(user.id, patch, now);
      if (email && email !== user.email) {
        await repo.users.updateIdentityData(
          user.id,
          'email',
          { email, email_verified: Boolean(row.email_confirmed_at) },
          now,
        );
        row = await repo.users.mergeUserMetadata(user.id, { email }, [], now);
      }
      if (body.email_confirm) {
        await repo.users.updateIdentityData(user.id, 'email', { email_verified: true }, now);
        row = await repo.users.mergeUserMetadata(user.id, { email_verified: true }, [], now);
      }
      if (body.user_metadata) {
        const { set, removed } = metadataChanges(body.user_metadata);
        row = await repo.users.mergeUserMetadata(user.id, set, removed, now);
      }
      if (body.app_metadata) {
        const { set, removed } = metadataChanges(body.app_metadata);
        row = await repo.users.mergeAppMetadata(user.id, set, removed, now);
      }
      // A new password or a ban ends every session; the access tokens die within their lifetime.
      if (passwordHash || (banMs !== undefined && banMs > 0)) await repo.sessions.deleteUserSessions(user.id);
      return row;
    });
    return toUserJson(await this.repo.bundleFor(updated));
  }

  /**
   * A hard delete removes the user and, through foreign keys, their profile and content. A soft
   * delete keeps the row for the record but makes it unusable: the email is replaced, sessions,
   * factors and identities go, and the profile bootstrap's hook removes the public profile.
   */
  async deleteUser(userId: string, shouldSoftDelete: boolean): Promise<Record<string, never>> {
    const user = await this.findUser(userId);
    if (shouldSoftDelete && user.deleted_at) return {};
    const afterDeletion = await this.hooks.beforeUserDeleted?.(user.id);
    if (!shouldSoftDelete) {
      await this.repo.users.deleteUser(user.id);
      await afterDeletion?.();
      return {};
    }
    const now = this.date();
    await this.repo.transaction(async (repo) => {
      await repo.users.updateUser(
        user.id,
        {
          deleted_at: now,
          // Frees the address for a new account and keeps no contact data of the deleted one.
          email: user.email
            ? `${sha256Hex(`${user.email}:${randomToken()}`).slice(0, 32)}@deleted.invalid`
            : null,
          email_change: null,
          phone: null,
          encrypted_password: null,
          raw_user_meta_data: {},
        },
        now,
      );
      await repo.sessions.deleteUserSessions(user.id);
      await repo.users.deleteIdentities(user.id);
      await repo.oneTime.deleteOneTimeTokens(user.id);
      for (const factor of await repo.factors.findFactors(user.id))
        await repo.factors.deleteFactor(factor.id);
    });
    await this.hooks.onUserSoftDeleted?.(user.id);
    await afterDeletion?.();
    return {};
  }

  async listFactors(userId: string) {
    const user = await this.findUser(userId);
    return (await this.repo.factors.findFactors(user.id)).map(toFactorJson);
  }

  async deleteFactor(userId: string, factorId: string) {
    const user = await this.findUser(userId);
    if (!isUuid(factorId)) throw validationFailed('factor_id must be an UUID');
    const factor = await this.repo.factors.findFactor(user.id, factorId);
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    await this.repo.transaction(async (repo) => {
      await repo.sessions.downgradeSessionsOfFactor(factor.id, this.date());
      await repo.factors.deleteFactor(factor.id);
    });
    return toFactorJson(factor);
  }

  /**
   * Links and codes for a custom mailer (nothing is sent): GoTrue's generate_link, whose answer is
   * the user's fields plus action_link, email_otp, hashed_token, redirect_to, verification_type.
   */
  async generateLink(body: GenerateLinkBody, redirectToQuery: string | undefined) {
    const type = body.type;
    const email = normalizeEmail(body.email);
    const redirectTo = body.redirect_to ?? redirectToQuery;
    let user = await this.repo.users.findUserByEmail(email);
    if (user?.deleted_at) user = undefined;
    let kind: 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';
    let newEmail: string | undefined;
    const now = this.date();
    switch (type) {
      case 'signup': {
        kind = 'signup';
        if (user?.email_confirmed_at) {
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        }
        if (!user) {
          if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
          const hash = await this.auth.hashPasswordChecked(body.password);
          user = await this.repo.transaction((repo) =>
            insertUserWithIdentity(repo, {
              email,
              passwordHash: hash,
              userMetadata: body.data ?? {},
              confirmed: false,
              adminCreated: true,
              now,
            }),
          );
        }
        break;
      }
      case 'invite': {
        kind = 'invite';
        if (user?.email_confirmed_at) {
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        }
        user ??= await this.insertInvitedUser(email, body.data, now);
        break;
      }
      case 'magiclink':
      case 'recovery': {
        kind = type;
        if (!user) throw notFound('user_not_found', 'User with this email not found');
        break;
      }
      case 'email_change_current':
      case 'email_change_new': {
        kind = 'email_change';
        if (!user) throw notFound('user_not_found', 'User with this email not found');
        newEmail = normalizeEmail(body.new_email);
        const taken = await this.repo.users.findUserByEmail(newEmail);
        if (taken)
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        break;
      }
      default:
        throw badRequest('validation_failed', 'Invalid email action link type requested');
    }
    const link = await this.auth.createLink(user, kind, { redirectTo, newEmail });
    const bundle = await this.repo.bundleFor(link.user);
    return {
      ...toUserJson(bundle),
      action_link: link.actionLink,
      email_otp: link.code,
      hashed_token: link.token,
      redirect_to: link.redirectTo,
      verification_type: kind,
    };
  }

  /** POST /invite: creates the user (or re-invites one who never accepted) and mails the link. */
  async invite(body: InviteBody, redirectTo: string | undefined): Promise<UserJson> {
    const email = normalizeEmail(body.email);
    let user = await this.repo.users.findUserByEmail(email);
    if (user?.email_confirmed_at || user?.deleted_at) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    const now = this.date();
    user ??= await this.insertInvitedUser(email, body.data, now);
    const sent = await this.auth.sendInvite(user, redirectTo);
    return toUserJson(await this.repo.bundleFor(sent));
  }
}

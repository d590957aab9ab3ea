import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The auth service's tables (modules/auth), kept in their own `auth` schema as GoTrue does, so that
 * the data API's tables in `public` never mix with credentials. Column names follow GoTrue's where
 * GoTrue has the same concept; only the auth module's repository reads or writes them.
 */
export const authSchema = pgSchema('auth');

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const authUsers = authSchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    aud: text('aud').notNull().default('authenticated'),
    role: text('role').notNull().default('authenticated'),
    /** Stored lower-cased; null only for users without an email (not offered by SYS yet). */
    email: text('email'),
    /** argon2id PHC string; null for users who never set a password (magic link, invite). */
    encrypted_password: text('encrypted_password'),
    email_confirmed_at: timestamp('email_confirmed_at', { withTimezone: true }),
    invited_at: timestamp('invited_at', { withTimezone: true }),
    confirmation_sent_at: timestamp('confirmation_sent_at', { withTimezone: true }),
    recovery_sent_at: timestamp('recovery_sent_at', { withTimezone: true }),
    /** The address an email change waits to be confirmed for. */
    email_change: text('email_change'),
    email_change_sent_at: timestamp('email_change_sent_at', { withTimezone: true }),
    reauthentication_sent_at: timestamp('reauthentication_sent_at', { withTimezone: true }),
    phone: text('phone'),
    raw_app_meta_data: jsonb('raw_app_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    raw_user_meta_data: jsonb('raw_user_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    is_anonymous: boolean('is_anonymous').notNull().default(false),
    banned_until: timestamp('banned_until', { withTimezone: true }),
    /** Set by a soft delete; the row stays (with its email obfuscated) but can no longer sign in. */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The admin list pages by creation time.
    index('users_created_at_idx').on(t.created_at),
  ],
);

export const authIdentities = authSchema.table(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The user's id at the provider; for the email provider it is the user's own id. */
    provider_id: text('provider_id').notNull(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    identity_data: jsonb('identity_data').$type<Record<string, unknown>>().notNull().default({}),
    provider: text('provider').notNull(),
    last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('identities_provider_id_provider_key').on(t.provider_id, t.provider),
    index('identities_user_id_idx').on(t.user_id),
  ],
);

export const authMfaFactors = authSchema.table(
  'mfa_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    friendly_name: text('friendly_name'),
    factor_type: text('factor_type').notNull(),
    /** 'unverified' until the first successful challenge, then 'verified'. */
    status: text('status').notNull().default('unverified'),
    /** Base32 TOTP secret. */
    secret: text('secret').notNull(),
    last_challenged_at: timestamp('last_challenged_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('mfa_factors_user_id_idx').on(t.user_id),
    uniqueIndex('mfa_factors_user_friendly_name_key').on(t.user_id, t.friendly_name),
  ],
);

export const authSessions = authSchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    aal: text('aal').notNull().default('aal1'),
    /** The factor that raised the session to aal2, if any. */
    factor_id: uuid('factor_id').references(() => authMfaFactors.id, { onDelete: 'set null' }),
    user_agent: text('user_agent'),
    ip: text('ip'),
    refreshed_at: timestamp('refreshed_at', { withTimezone: true }),
    /** A hard end of the session, whatever its refreshes; null means no limit. */
    not_after: timestamp('not_after', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id), index('sessions_factor_id_idx').on(t.factor_id)],
);

export const authRefreshTokens = authSchema.table(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sha256 (hex) of the token; the token itself is never stored. */
    token_hash: text('token_hash').notNull(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    revoked: boolean('revoked').notNull().default(false),
    /** token_hash of the token this one replaced. */
    parent: text('parent'),
    /**
     * The token that replaced this one, encrypted with a key derived from this token. It lets a
     * client that re-presents this token within the reuse interval get its successor back
     * without the server ever storing a usable token.
     */
    child_secret: text('child_secret'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.token_hash),
    index('refresh_tokens_session_id_revoked_idx').on(t.session_id, t.revoked),
    index('refresh_tokens_user_id_idx').on(t.user_id),
    index('refresh_tokens_updated_at_idx').on(t.updated_at),
  ],
);

export const authMfaChallenges = authSchema.table(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    factor_id: uuid('factor_id')
      .notNull()
      .references(() => authMfaFactors.id, { onDelete: 'cascade' }),
    ip_address: text('ip_address'),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_challenges_factor_id_idx').on(t.factor_id)],
);

/** How each session was authenticated (password, otp, totp...), which makes the JWT's `amr`. */
export const authMfaAmrClaims = authSchema.table(
  'mfa_amr_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    authentication_method: text('authentication_method').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('mfa_amr_claims_session_method_key').on(t.session_id, t.authentication_method)],
);

/** Email link tokens and one-time codes (confirmation, recovery, magic link, invite, email change, reauthentication). */
export const authOneTimeTokens = authSchema.table(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    token_type: text('token_type').notNull(),
    /** sha256 (hex) of the link token. */
    token_hash: text('token_hash').notNull(),
    /** sha256 (hex) of the user id and the 6-digit code sent with the link. */
    code_hash: text('code_hash'),
    /** The address the token was sent to. */
    relates_to: text('relates_to').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_token_hash_key').on(t.token_hash),
    index('one_time_tokens_user_id_type_idx').on(t.user_id, t.token_type),
  ],
);

/** PKCE: the code challenge sent with a sign-up, magic link or recovery request, and the auth code issued for it. */
export const authFlowState = authSchema.table(
  'flow_state',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    auth_code: text('auth_code').notNull(),
    code_challenge: text('code_challenge').notNull(),
    code_challenge_method: text('code_challenge_method').notNull(),
    authentication_method: text('authentication_method').notNull(),
    auth_code_issued_at: timestamp('auth_code_issued_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('flow_state_auth_code_key').on(t.auth_code),
    index('flow_state_user_id_idx').on(t.user_id, t.authentication_method),
  ],
);

/** Fixed-window request counters shared by every server instance. */
export const authRateLimits = authSchema.table(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.window_start)],
);

export type AuthUserRow = typeof authUsers.$inferSelect;
export type AuthIdentityRow = typeof authIdentities.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
export type AuthRefreshTokenRow = typeof authRefreshTokens.$inferSelect;
export type AuthFactorRow = typeof authMfaFactors.$inferSelect;
export type AuthChallengeRow = typeof authMfaChallenges.$inferSelect;
export type AuthOneTimeTokenRow = typeof authOneTimeTokens.$inferSelect;
export type AuthFlowStateRow = typeof authFlowState.$inferSelect;

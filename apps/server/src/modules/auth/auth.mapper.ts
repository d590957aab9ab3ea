import type { AuthFactorRow, AuthIdentityRow, AuthUserRow } from '../../db/schema/auth.ts';

/**
 * Rows -> the JSON GoTrue answers with (auth-js `User`, `UserIdentity`, `Factor`, `Session`).
 * Optional timestamps are left out when unset, as GoTrue's `omitempty` does.
 */

export interface UserBundle {
  user: AuthUserRow;
  identities: AuthIdentityRow[];
  factors: AuthFactorRow[];
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

function compact<T extends Record<string, unknown>>(object: T): T {
  for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key];
  return object;
}

/**
 * `value` with its object keys in the order a `jsonb` column gives them back (shorter keys first, then
 * by their bytes), at every depth: what a row read from the database would show.
 */
export function jsonbKeyOrder<T>(value: T): T {
  if (Array.isArray(value)) return value.map(jsonbKeyOrder) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, v]) => [Buffer.from(key), key, jsonbKeyOrder(v)] as const);
  entries.sort(([a], [b]) => a.length - b.length || Buffer.compare(a, b));
  return Object.fromEntries(entries.map(([, key, v]) => [key, v])) as T;
}

export function toIdentityJson(identity: AuthIdentityRow) {
  return compact({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    email: typeof identity.identity_data.email === 'string' ? identity.identity_data.email : undefined,
  });
}

export function toFactorJson(factor: AuthFactorRow) {
  return compact({
    id: factor.id,
    friendly_name: factor.friendly_name ?? undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    last_challenged_at: iso(factor.last_challenged_at),
  });
}

export type UserJson = ReturnType<typeof toUserJson>;

export function toUserJson({ user, identities, factors }: UserBundle) {
  return compact({
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    // GoTrue keeps `confirmed_at` for older clients: the earliest confirmation of email or phone.
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ?? undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    invited_at: iso(user.invited_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map(toIdentityJson),
    factors: factors.length > 0 ? factors.map(toFactorJson) : undefined,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  });
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { message: string; reasons: string[] };
}

export function toSessionJson(
  tokens: { accessToken: string; expiresIn: number; expiresAt: number; refreshToken: string },
  user: UserJson,
): SessionJson {
  return {
    access_token: tokens.accessToken,
    token_type: 'bearer',
    expires_in: tokens.expiresIn,
    expires_at: tokens.expiresAt,
    refresh_token: tokens.refreshToken,
    user,
  };
}

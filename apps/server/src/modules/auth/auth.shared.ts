import type { AuthUserRow } from '../../db/schema/auth.ts';
import { unprocessable, validationFailed } from './auth.errors.ts';
import type { AuthRepository } from './auth.repository.ts';
import { newId } from './auth.tokens.ts';
import type { AuthSettings } from './auth.types.ts';

/** Rules and helpers that several parts of the auth service apply the same way. */

/** The `authentication_method` of a PKCE flow (and the session's amr) for each link kind. */
export const FLOW_METHOD: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** How long a mail link or code works (an invitation's: a day). */
export const LINK_LIFETIME_MS = 3600_000;
export const INVITE_LIFETIME_MS = 24 * 3600_000;
/** Starts the token of a link whose flow ends in a PKCE code exchange. */
export const PKCE_PREFIX = 'pkce_';
export const signupDisabled = () => unprocessable('signup_disabled', 'Signups not allowed for this instance');

/** A host label: ASCII letters and digits, inner hyphens, at most 63 characters. */
const EMAIL_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * GoTrue's rule for an address: a local part of letters, digits, dots and the symbols
 * !#$%&'*+/=?^_`{|}~- (no quotes, spaces, colons, non-ASCII), then a host of dotted labels.
 */
const EMAIL_RE = new RegExp(`^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]+@${EMAIL_LABEL}(?:\\.${EMAIL_LABEL})*$`);

/** The one check of an email address that every endpoint taking one applies; returns it lower-cased. */
export function normalizeEmail(raw: string | undefined): string {
  const email = raw?.trim() ?? '';
  if (!email) throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_RE.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** Whether the request starts a PKCE flow; refuses half or malformed PKCE parameters. */
export function validatePkceParams(challenge: string | undefined, method: string | undefined): boolean {
  if (!challenge && !method) return false;
  if (!challenge || !method) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (!['s256', 'plain'].includes(method.toLowerCase())) {
    throw validationFailed(`Code challenge method not supported: ${method}`);
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  return true;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * localhost, 127.0.0.1 and [::1] on one port are the same server on the user's own machine; a
 * browser opened on either must get its link back there (its PKCE verifier is stored per origin).
 */
const sameLoopback = (a: URL, b: URL) =>
  LOOPBACK_HOSTS.has(a.hostname) &&
  LOOPBACK_HOSTS.has(b.hostname) &&
  a.port === b.port &&
  a.protocol === b.protocol;

/** The redirect target if the site allows it, else the site itself (GoTrue's allow-list rule). */
export function resolveRedirect(settings: AuthSettings, candidate: string | undefined): string {
  if (!candidate) return settings.siteUrl;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return settings.siteUrl;
  }
  const allowed = [new URL(settings.siteUrl), new URL(settings.apiUrl)];
  if (allowed.some((site) => site.origin === url.origin || sameLoopback(site, url))) return candidate;
  if (settings.redirectAllowList.some((pattern) => pattern.test(candidate))) return candidate;
  return settings.siteUrl;
}

/** Splits `{ key: null }` (remove) from the keys to set, as GoTrue's metadata updates do. */
export function metadataChanges(data: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  const removed: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === null) removed.push(key);
    else set[key] = value;
  }
  return { set, removed };
}

/** Go-style durations as GoTrue's `ban_duration` takes them: "24h", "1h30m", "90s", or "none". */
export function parseBanDuration(value: string): number {
  if (value === 'none') return 0;
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (const match of value.matchAll(re)) {
    total += Number(match[1]) * units[match[2]!]!;
    consumed += match[0].length;
  }
  // Go's durations end at about 292 years (int64 nanoseconds); longer ones are invalid there too.
  if (consumed === 0 || consumed !== value.length || total > 9_223_372_036_854) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${value}"`);
  }
  return total;
}

export interface NewAuthUser {
  id?: string | undefined;
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown> | undefined;
  role?: string | undefined;
  confirmed: boolean;
  invited?: boolean;
  /**
   * Created through the admin API (create, invite, generate_link): user_metadata is exactly what the
   * admin gave, plus email_verified once confirmed, as GoTrue keeps it; a sign-up's mirrors the identity.
   */
  adminCreated?: boolean;
  now: Date;
}

/** A user and their email identity, as GoTrue stores a sign-up. */
export async function insertUserWithIdentity(repo: AuthRepository, input: NewAuthUser): Promise<AuthUserRow> {
  const id = input.id ?? newId();
  const { now } = input;
  const identityData = {
    sub: id,
    email: input.email,
    email_verified: input.confirmed,
    phone_verified: false,
  };
  const user = await repo.users.insertUser({
    id,
    email: input.email,
    encrypted_password: input.passwordHash,
    email_confirmed_at: input.confirmed ? now : null,
    invited_at: input.invited ? now : null,
    role: input.role ?? 'authenticated',
    raw_app_meta_data: { provider: 'email', providers: ['email'], ...input.appMetadata },
    raw_user_meta_data: input.adminCreated
      ? { ...input.userMetadata, ...(input.confirmed ? { email_verified: true } : {}) }
      : { ...input.userMetadata, ...identityData },
    created_at: now,
    updated_at: now,
  });
  await repo.users.insertIdentity({
    provider_id: id,
    user_id: id,
    provider: 'email',
    identity_data: identityData,
    created_at: now,
    updated_at: now,
  });
  return user;
}

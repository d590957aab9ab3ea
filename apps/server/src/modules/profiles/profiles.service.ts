import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { toProfileJson } from './profiles.mapper.ts';
import {
  deleteProfile,
  findProfileById,
  findUsernamesStartingWith,
  insertProfileForUser,
} from './profiles.repository.ts';

/** What the bootstrap needs to know about a signed-in user. */
export interface ProfileOwner {
  id: string;
  email?: string | null | undefined;
  userMetadata?: Record<string, unknown> | undefined;
}

const USERNAME_MAX = 24;
/** Remembered users per process; past this the memory is simply started again. */
const KNOWN_LIMIT = 100_000;

/**
 * The URL-safe base of a username made from an email's local part: lower case, accents removed,
 * letters, digits, `.`, `_` and `-` only.
 */
export function usernameBase(email: string | null | undefined): string {
  const local = (email ?? '').split('@')[0] ?? '';
  const cleaned = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, USERNAME_MAX)
    .replace(/[._-]+$/g, '');
  return cleaned || 'user';
}

/** `base` if free, else `base2`, `base3`... (case-insensitive, as the unique index is). */
export function firstFreeUsername(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export class ProfilesService {
  private readonly known = new Set<string>();

  constructor(private readonly db: Db) {}

  /**
   * Spec section 4, profile loading: a signed-in user without a profile row gets one, with the
   * username from the email's local part (made unique), display_name from user_metadata.full_name,
   * avatar_url from the metadata and the default size and measurements. Called on every
   * authenticated API request, so a user already seen by this process costs nothing.
   */
  async ensureProfile(owner: ProfileOwner): Promise<void> {
    if (this.known.has(owner.id)) return;
    if (await findProfileById(this.db, owner.id)) return this.remember(owner.id);
    const base = usernameBase(owner.email);
    const metadata = owner.userMetadata ?? {};
    // A concurrent bootstrap may take the chosen username first: choose again and retry.
    for (let attempt = 0; attempt < 5; attempt++) {
      const username = firstFreeUsername(base, await findUsernamesStartingWith(this.db, base));
      const inserted = await insertProfileForUser(this.db, {
        id: owner.id,
        username,
        display_name: stringOrNull(metadata.full_name),
        avatar_url: stringOrNull(metadata.avatar_url),
      });
      if (inserted || (await findProfileById(this.db, owner.id))) return this.remember(owner.id);
      // Not inserted and still no profile: either the username was taken meanwhile (retry) or the
      // account is gone (the next lookup of usernames changes nothing; stop after the attempts).
    }
  }

  private remember(id: string) {
    if (this.known.size >= KNOWN_LIMIT) this.known.clear();
    this.known.add(id);
  }

  /** A soft-deleted user's profile goes; hard deletes cascade in the database. */
  async removeProfile(userId: string): Promise<void> {
    this.known.delete(userId);
    await deleteProfile(this.db, userId);
  }

  async getProfile(userId: string) {
    const row = await findProfileById(this.db, userId);
    if (!row) throw notFound('Profile not found');
    return toProfileJson(row);
  }
}

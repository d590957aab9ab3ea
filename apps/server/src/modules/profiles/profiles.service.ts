import {
  type ParsedUpdateProfileBody,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  type Profile,
  type ProfileStats,
  type PublicProfile,
  RESERVED_USERNAMES,
  usernameProblem,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import type { ProfileRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { StorageService } from '../storage/storage.service.ts';
import { toProfileJson, toProfileStats, toPublicProfileJson } from './profiles.mapper.ts';
import {
  deleteProfile,
  findProfileById,
  findProfileByUsername,
  findProfileStats,
  findPublicProfile,
  findUsernamesStartingWith,
  findViewerRelation,
  insertProfileForUser,
  isUsernameTaken,
  type ProfileFields,
  updateProfileFields,
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

/**
 * The sign-up form's name (user_metadata.full_name, which the client writes): the same rule as Edit
 * Profile's name, so an overlong one is cut to the limit rather than stored whole. Cut by code points,
 * never inside a character.
 */
function displayNameFrom(value: unknown): string | null {
  const name = stringOrNull(value);
  return name === null ? null : Array.from(name).slice(0, PROFILE_LIMITS.displayNameMaxChars).join('').trim();
}

const profileNotFound = () => notFound(PROFILE_MESSAGES.profileNotFound);

/** The uploads the profile needs: checking and removing avatars. */
export type AvatarStore = Pick<StorageService, 'findOwnedObjects' | 'removeOwnedObjects'>;

export interface ProfilesServiceOptions {
  /** The upload service (absent in the admin CLI, which never changes an avatar). */
  avatars?: AvatarStore;
  log?: { warn(object: object, message: string): void };
  /**
   * Called after a change of what posts show of their author (name, display name, avatar) or search
   * matches (names): the feed's and discovery's caches are cleared on every instance.
   */
  authorChanged?: () => Promise<void>;
  /** Keeps public profiles a short while (GET /profiles/{username}); without it each is read every time. */
  cache?: PublicProfileCache;
}

/**
 * A short-lived cache of what a profile's public page shows (the posts' FeedCache is one): the part
 * everyone sees, and each signed-in viewer's relation to it.
 */
export interface PublicProfileCache {
  readonly enabled: boolean;
  /**
   * `read()` under `key`, the same for everyone: kept a short while, unless `keep` says otherwise of it,
   * and forgotten on every instance by `changed`.
   */
  shared<T>(key: string, read: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /**
   * `read()` for `viewerId` under `key`: kept until they change a follow or a block of their own, or
   * someone blocks or unblocks them (on any instance), or `changed`.
   */
  forViewer<T>(viewerId: string, key: string, read: () => Promise<T>): Promise<T>;
  /** A public profile changed (it has committed): what `shared` kept is read again, on every instance. */
  changed(): Promise<void>;
}

/** The profile fields that posts show of their author, or that search matches. */
const SHOWN_WITH_POSTS = ['username', 'display_name', 'avatar_url'] as const;

export class ProfilesService {
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly options: ProfilesServiceOptions = {},
  ) {}

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
      const taken = await findUsernamesStartingWith(this.db, base);
      const username = firstFreeUsername(base, [...taken, ...RESERVED_USERNAMES]);
      const inserted = await insertProfileForUser(this.db, {
        id: owner.id,
        username,
        display_name: displayNameFrom(metadata.full_name),
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

  async getProfile(userId: string): Promise<Profile> {
    const row = await findProfileById(this.db, userId);
    if (!row) throw profileNotFound();
    return toProfileJson(row);
  }

  /**
   * PATCH /profiles/me (spec sections 5 and 7): the given fields only, already trimmed and parsed by
   * the request schema. A new username must be well-formed and free ignoring case; an unchanged one
   * is kept even if it predates the rules. A new avatar must be the user's own upload.
   */
  async updateProfile(userId: string, input: ParsedUpdateProfileBody): Promise<Profile> {
    const current = await findProfileById(this.db, userId);
    if (!current) throw profileNotFound();
    const fields: ProfileFields = {};
    for (const key of PROFILE_FIELDS) {
      if (input[key] !== undefined) Object.assign(fields, { [key]: input[key] });
    }
    if (fields.username !== undefined && fields.username !== current.username) {
      await this.checkUsername(userId, fields.username);
    }
    const replacedAvatar = await this.checkAvatar(userId, current, fields.avatar_url);

    let row: ProfileRow | undefined;
    try {
      row = await updateProfileFields(this.db, userId, fields);
    } catch (error) {
      // Two people choosing the same name at once: the unique index decides, the loser hears why.
      if (isUniqueViolation(error, 'profiles_username_lower_key')) throw usernameTaken();
      throw error;
    }
    if (!row) throw profileNotFound();
    if (replacedAvatar) await this.removeOldAvatar(userId, replacedAvatar);
    if (SHOWN_WITH_POSTS.some((key) => row[key] !== current[key])) await this.options.authorChanged?.();
    // Every field this edit may change is on the public page (GET /profiles/{username}).
    else if (PROFILE_FIELDS.some((key) => row[key] !== current[key])) await this.options.cache?.changed();
    return toProfileJson(row);
  }

  private async checkUsername(userId: string, username: string | null): Promise<void> {
    if (username === null) return;
    const problem = usernameProblem(username);
    if (problem) throw badRequest(problem, [{ field: 'body.username', message: problem }]);
    if (await isUsernameTaken(this.db, username, userId)) throw usernameTaken();
  }

  /** Checks a new avatar URL; returns the URL it replaces, if any, for removal once saved. */
  private async checkAvatar(
    userId: string,
    current: ProfileRow,
    avatarUrl: string | null | undefined,
  ): Promise<string | null> {
    if (avatarUrl === undefined || avatarUrl === current.avatar_url) return null;
    if (avatarUrl !== null) {
      const uploads = await this.avatarStore().findOwnedObjects(userId, 'avatars', [avatarUrl]);
      if (uploads.get(avatarUrl)?.kind !== 'image') {
        throw badRequest(PROFILE_MESSAGES.avatarNotOurs, [
          { field: 'body.avatar_url', message: PROFILE_MESSAGES.avatarNotOurs },
        ]);
      }
    }
    return current.avatar_url;
  }

  private async removeOldAvatar(userId: string, url: string): Promise<void> {
    try {
      // Only the user's own uploads are removed; a sign-up avatar link or a demo avatar is left alone.
      await this.avatarStore().removeOwnedObjects(userId, [url]);
    } catch (error) {
      // The profile has changed; an orphaned file costs disk space, not correctness.
      this.options.log?.warn({ err: error, userId }, 'could not remove the replaced avatar');
    }
  }

  private avatarStore(): AvatarStore {
    const store = this.options.avatars;
    if (!store) throw new Error('ProfilesService was built without the upload service');
    return store;
  }

  /**
   * GET /profiles/{username} (toPublicProfileJson says what a viewer gets). With the cache, the profile as everyone sees it is kept a short while (a
   * change of it clears it at once, on every instance), and a signed-in viewer's follow and blocks with it
   * until they change: a kept page runs no query. Without it, one query.
   */
  async getPublicProfile(viewerId: string | null, username: string): Promise<PublicProfile> {
    const cache = this.options.cache;
    if (!cache?.enabled) {
      const found = await findPublicProfile(this.db, username, viewerId);
      if (!found || found.blocksViewer) throw profileNotFound();
      return toPublicProfileJson(found.profile, viewerId, found.isFollowing, found.blockedByViewer);
    }
    // A name nobody has is not kept: it may be someone's in a moment (a sign-up makes its profile).
    const found = await cache.shared(
      `person|${username.toLowerCase()}`,
      () => findPublicProfile(this.db, username, null),
      (row) => row !== undefined,
    );
    if (!found) throw profileNotFound();
    if (viewerId === null) return toPublicProfileJson(found.profile, null, false);
    const profileId = found.profile.id;
    const relation = await cache.forViewer(viewerId, `person|${profileId}`, () =>
      findViewerRelation(this.db, viewerId, profileId),
    );
    // Someone who blocked the viewer does not exist for them; someone the viewer blocked shows as blocked.
    if (!relation || relation.blocksViewer) throw profileNotFound();
    return toPublicProfileJson(found.profile, viewerId, relation.isFollowing, relation.blockedByViewer);
  }

  /** The profile's id by username, or 404 'Profile not found'. */
  async requireProfileId(username: string): Promise<string> {
    const row = await findProfileByUsername(this.db, username);
    if (!row) throw profileNotFound();
    return row.id;
  }

  /** Whether a profile has this username (its page, /profile/{username}, exists). */
  async usernameExists(username: string): Promise<boolean> {
    return (await findProfileByUsername(this.db, username)) !== undefined;
  }

  /** Whether a profile with this id exists. */
  async exists(profileId: string): Promise<boolean> {
    return (await findProfileById(this.db, profileId)) !== undefined;
  }

  /** GET /profiles/{username}/stats: not found across a block, either way, as the profile is. */
  async getStatsByUsername(viewerId: string | null, username: string): Promise<ProfileStats> {
    const found = await findPublicProfile(this.db, username, viewerId);
    if (!found || found.blocksViewer || found.blockedByViewer) throw profileNotFound();
    const [row] = await findProfileStats(this.db, [found.profile.id]);
    return toProfileStats(row);
  }

  /** Stats of existing profiles by id (unknown ids are left out). */
  async getStatsByIds(ids: readonly string[]): Promise<Map<string, ProfileStats>> {
    const rows = await findProfileStats(this.db, ids);
    return new Map(rows.map((row) => [row.id, toProfileStats(row)]));
  }
}

/** The columns PATCH /profiles/me may change (spec section 7, "Update profile with partial fields"). */
const PROFILE_FIELDS = [
  'username',
  'display_name',
  'bio',
  'size',
  'chest_circumference',
  'waist_circumference',
  'hip_circumference',
  'measurements_public',
  'avatar_url',
] as const satisfies readonly (keyof ParsedUpdateProfileBody & keyof ProfileFields)[];

const usernameTaken = () =>
  conflict(PROFILE_MESSAGES.usernameTaken, [
    { field: 'body.username', message: PROFILE_MESSAGES.usernameTaken },
  ]);

import { z } from 'zod';
import { PROFILE_SIZES } from '../constants/lists.ts';
import { PROFILE_LIMITS } from '../constants/profile.ts';
import { AuthorSchema } from './posts.ts';
import { ProfileSchema, ProfileSizeSchema } from './profiles.ts';

/*
 * Requests and responses of the people API: editing one's profile, public profiles with their stats,
 * and follows (/api/v1/profiles/..., /api/v1/follows/...). Field names are the spec's snake_case
 * (section 3, table `profiles`), as ProfileSchema's, like every data-API field.
 */

/** Our own limits, where the spec gives none, are PROFILE_LIMITS (constants/profile.ts). */
export const PROFILE_MESSAGES = {
  usernameLength: `Username must be ${PROFILE_LIMITS.usernameMinChars}-${PROFILE_LIMITS.usernameMaxChars} characters`,
  usernameCharacters: 'Username can only contain letters, numbers, dots, underscores and hyphens',
  usernameReserved: 'This username is reserved',
  usernameTaken: 'This username is already taken',
  invalidSize: `Size must be one of ${PROFILE_SIZES.join(', ')}`,
  avatarNotOurs: 'The avatar must be an image uploaded to SYS',
  profileNotFound: 'Profile not found',
  cannotFollowSelf: 'You cannot follow yourself',
} as const;

/**
 * Names that would collide with our own paths (`/api/v1/profiles/me`) or pass for the service
 * itself. Compared ignoring case.
 */
export const RESERVED_USERNAMES = ['me', 'admin', 'sys', 'support'] as const;

const USERNAME_CHARACTERS = /^[A-Za-z0-9._-]+$/;

/**
 * The problem with a chosen username, or null when it is fine: URL-safe (letters, digits, '.', '_'
 * and '-'), 3-30 characters, not reserved. The edit dialog and the server run the same check.
 */
export function usernameProblem(username: string): string | null {
  if (
    username.length < PROFILE_LIMITS.usernameMinChars ||
    username.length > PROFILE_LIMITS.usernameMaxChars
  ) {
    return PROFILE_MESSAGES.usernameLength;
  }
  if (!USERNAME_CHARACTERS.test(username)) return PROFILE_MESSAGES.usernameCharacters;
  if ((RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase())) {
    return PROFILE_MESSAGES.usernameReserved;
  }
  return null;
}

/**
 * Spec section 5: "measurements are parsed as whole numbers, 0 if invalid". Like the prototype's
 * parseInt, '92', ' 92 cm' and 92.7 give 92; text without a leading number, negative and absurd
 * values give 0.
 */
export function parseMeasurement(value: unknown): number {
  let parsed: number;
  if (typeof value === 'number') {
    parsed = Number.isFinite(value) ? Math.trunc(value) : 0;
  } else if (typeof value === 'string') {
    const match = /^\s*\+?(\d+)/.exec(value);
    parsed = match ? Number(match[1]) : 0;
  } else {
    parsed = 0;
  }
  return parsed >= 0 && parsed <= PROFILE_LIMITS.measurementMaxCm ? parsed : 0;
}

/** Trimmed text, null when empty (spec section 5: "trimmed and saved as null if empty"). */
function trimmedOrNull(maxChars: number, message?: string) {
  return z
    .string()
    .nullable()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || value.length <= maxChars, {
      message: message ?? `Must be at most ${maxChars} characters`,
    });
}

/** null or blank text clears a measurement (not entered); anything else is parsed as the spec says. */
const MeasurementInputSchema = z
  .union([z.number(), z.string().max(50), z.null()])
  .transform((value) =>
    value === null || (typeof value === 'string' && value.trim() === '') ? null : parseMeasurement(value),
  );

/**
 * PATCH /api/v1/profiles/me: any subset of the spec's profile fields. Text is trimmed and empty
 * text becomes null; measurements accept numbers or text. The username's format is checked by the
 * server with `usernameProblem` (a profile may keep an older generated name that predates the rule).
 */
export const UpdateProfileBodySchema = z.object({
  username: trimmedOrNull(100, PROFILE_MESSAGES.usernameLength).optional(),
  display_name: trimmedOrNull(PROFILE_LIMITS.displayNameMaxChars).optional(),
  bio: trimmedOrNull(PROFILE_LIMITS.bioMaxChars).optional(),
  size: z.enum(PROFILE_SIZES, { error: PROFILE_MESSAGES.invalidSize }).optional(),
  chest_circumference: MeasurementInputSchema.optional(),
  waist_circumference: MeasurementInputSchema.optional(),
  hip_circumference: MeasurementInputSchema.optional(),
  measurements_public: z.boolean().optional(),
  /** The `public_url` that `POST /api/v1/storage/avatars` answered, or null to remove the avatar. */
  avatar_url: trimmedOrNull(PROFILE_LIMITS.urlMaxChars).optional(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;
export type ParsedUpdateProfileBody = z.output<typeof UpdateProfileBodySchema>;

/**
 * GET /api/v1/profiles/{username}: the spec's get_public_profile_with_measurements. size and the
 * three measurements are present only for a signed-in viewer of a profile whose measurements are
 * public, and the measurements only once the owner has entered all three; otherwise the keys are absent,
 * not null.
 */
export const PublicProfileSchema = ProfileSchema.pick({
  id: true,
  username: true,
  display_name: true,
  bio: true,
  avatar_url: true,
  measurements_public: true,
}).extend({
  size: ProfileSizeSchema.optional(),
  chest_circumference: z.number().int().optional(),
  waist_circumference: z.number().int().optional(),
  hip_circumference: z.number().int().optional(),
  /** Whether the signed-in viewer follows this profile; false for visitors. */
  is_following: z.boolean(),
  /**
   * Whether the signed-in viewer has blocked this profile (its posts are then hidden from them); false
   * for visitors. A profile that has blocked the viewer is not found for them at all.
   */
  is_blocked: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** The spec's get_user_stats. posts_count counts the posts everyone can see. */
export const ProfileStatsSchema = z.object({
  posts_count: z.number().int(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
});
export type ProfileStats = z.infer<typeof ProfileStatsSchema>;

/** The answer to a follow or unfollow: the new state and the followed profile's new counts. */
export const FollowStateSchema = z.object({
  following: z.boolean(),
  stats: ProfileStatsSchema,
});
export type FollowState = z.infer<typeof FollowStateSchema>;

export const ProfileIdParamsSchema = z.object({ profileId: z.uuid() });

/** A person in a followers or following list. */
export const FollowListItemSchema = AuthorSchema.extend({
  /** When the follow in this list was made. */
  followed_at: z.string(),
  /** Whether the signed-in viewer follows this person; false for visitors. */
  is_following: z.boolean(),
});
export type FollowListItem = z.infer<typeof FollowListItemSchema>;

export const FollowListPageSchema = z.object({
  items: z.array(FollowListItemSchema),
  next_cursor: z.string().nullable(),
});
export type FollowListPage = z.infer<typeof FollowListPageSchema>;

/** How many people the mention suggestions offer at once. */
export const MENTION_SUGGESTIONS_LIMIT = 8;

/**
 * GET /api/v1/mentions/suggestions?q=: whom '@' + `q` may mean while typing a caption or comment. `q` is
 * what follows the '@' so far (username characters, possibly none).
 */
export const MentionSuggestionsQuerySchema = z.object({
  q: z
    .string()
    .max(PROFILE_LIMITS.usernameMaxChars)
    .regex(/^[A-Za-z0-9._-]*$/, 'Use only the characters of a username')
    .default(''),
});
export type MentionSuggestionsQuery = z.infer<typeof MentionSuggestionsQuerySchema>;

/** People you follow first, then others; each has a username (what a mention writes). */
export const MentionSuggestionsSchema = z.object({
  items: z.array(AuthorSchema.extend({ username: z.string(), following: z.boolean() })),
});
export type MentionSuggestions = z.infer<typeof MentionSuggestionsSchema>;

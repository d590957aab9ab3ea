import type { Profile, ProfileStats, PublicProfile } from '@sys/shared';
import type { ProfileRow } from '../../db/schema/index.ts';
import type { ProfileStatsRow } from './profiles.repository.ts';

/** A profile row as the data API answers with it (ProfileSchema). */
export function toProfileJson(row: ProfileRow): Profile {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    bio: row.bio,
    avatar_url: row.avatar_url,
    size: row.size as Profile['size'],
    chest_circumference: row.chest_circumference,
    waist_circumference: row.waist_circumference,
    hip_circumference: row.hip_circumference,
    measurements_public: row.measurements_public,
  };
}

/**
 * The spec's get_public_profile_with_measurements. Size and measurements are added only for a
 * signed-in viewer of a profile whose measurements are public; for anyone else the keys are left out
 * of the JSON altogether, so no client can show what the owner keeps private. Nor for a viewer who blocked
 * the profile.
 */
export function toPublicProfileJson(
  row: ProfileRow,
  viewerId: string | null,
  isFollowing: boolean,
  isBlocked = false,
): PublicProfile {
  const blocked = viewerId !== null && isBlocked;
  const profile: PublicProfile = {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    // Someone the viewer blocked: who it is (to unblock them), not their profile (the block dialog
    // promises "You no longer see each other's ... profile").
    bio: blocked ? null : row.bio,
    avatar_url: row.avatar_url,
    measurements_public: row.measurements_public,
    is_following: viewerId !== null && isFollowing,
    is_blocked: blocked,
  };
  if (viewerId !== null && row.measurements_public && !blocked) {
    profile.size = row.size as PublicProfile['size'];
    const { chest_circumference: chest, waist_circumference: waist, hip_circumference: hip } = row;
    // Only measurements the owner entered, and the line needs all three (spec section 5).
    if (chest !== null && waist !== null && hip !== null) {
      profile.chest_circumference = chest;
      profile.waist_circumference = waist;
      profile.hip_circumference = hip;
    }
  }
  return profile;
}

export function toProfileStats(row: ProfileStatsRow | undefined): ProfileStats {
  return {
    posts_count: Number(row?.posts_count ?? 0),
    followers_count: Number(row?.followers_count ?? 0),
    following_count: Number(row?.following_count ?? 0),
  };
}

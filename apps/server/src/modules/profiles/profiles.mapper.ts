import type { Profile } from '@sys/shared';
import type { ProfileRow } from '../../db/schema/index.ts';

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

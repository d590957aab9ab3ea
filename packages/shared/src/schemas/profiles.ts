import { z } from 'zod';
import { PROFILE_SIZES } from '../constants/lists.ts';

// Here, not next to the profile constants: the profile screen must not load zod for it.
export const ProfileSizeSchema = z.enum(PROFILE_SIZES);

/**
 * A profile as the data API answers with it (/api/v1/profiles/...). Field names are the spec's
 * (section 3, table `profiles`); measurements are whole centimetres, null until the person enters them.
 */
export const ProfileSchema = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  display_name: z.string().nullable(),
  bio: z.string().nullable(),
  avatar_url: z.string().nullable(),
  size: ProfileSizeSchema,
  chest_circumference: z.number().int().nullable(),
  waist_circumference: z.number().int().nullable(),
  hip_circumference: z.number().int().nullable(),
  measurements_public: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

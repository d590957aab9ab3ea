import { z } from 'zod';
import { AuthorSchema } from './posts.ts';

/*
 * Activity (/api/v1/activity): what other people did to the signed-in user: liked their post,
 * commented on it, replied to their comment, followed them, mentioned them (@username) in a caption or a
 * comment. Likes of one post on one day, and follows on one day, come as one group ("maya.curves and 3
 * others liked your post"). Also: someone messaged them (every message of one sender in one conversation
 * is one group) and liked their comment (likes of a comment on one day are one group).
 */

export const ACTIVITY_KIND_VALUES = [
  'like',
  'comment',
  'reply',
  'follow',
  'mention',
  'message',
  'comment_like',
] as const;
export const ActivityKindSchema = z.enum(ACTIVITY_KIND_VALUES);
export type ActivityKind = z.infer<typeof ActivityKindSchema>;

/** How many of a group's people an item names (the newest first); `actor_count` counts them all. */
export const ACTIVITY_ACTORS_SHOWN = 3;

export const ActivityItemSchema = z.object({
  /** The group's newest item. */
  id: z.uuid(),
  kind: ActivityKindSchema,
  /** The newest people of the group first, at most ACTIVITY_ACTORS_SHOWN. */
  actors: z.array(AuthorSchema),
  actor_count: z.number().int(),
  /** The post liked or commented on (null for follows). */
  post_id: z.uuid().nullable(),
  /** A small picture of that post (for a video post, the video itself: see `post_media_type`). */
  post_thumbnail_url: z.string().nullable(),
  post_media_type: z.enum(['image', 'video']).nullable(),
  /** Comments, replies, comment likes and mentions in a comment: the comment's text (null for a caption's mention). */
  comment_id: z.uuid().nullable(),
  comment_body: z.string().nullable(),
  /** Messages: the conversation the item links to. */
  conversation_id: z.uuid().nullable(),
  /** When the group's newest item happened. */
  created_at: z.string(),
  /** False while any item of the group is unread. */
  read: z.boolean(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

export const ActivityPageSchema = z.object({
  /** Newest first; `next_cursor` continues with older groups. */
  items: z.array(ActivityItemSchema),
  next_cursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

/** Marks read what happened up to `before` (default: now); the body may be left out. */
export const MarkActivityReadBodySchema = z
  .object({ before: z.iso.datetime({ offset: true }).optional() })
  .nullish();
export type MarkActivityReadBody = z.input<typeof MarkActivityReadBodySchema>;

export const ActivityUnreadCountSchema = z.object({ unread_count: z.number().int() });
export type ActivityUnreadCount = z.infer<typeof ActivityUnreadCountSchema>;

/** One item (POST /api/v1/activity/items/{itemId}/read). */
export const ActivityItemParamsSchema = z.object({ itemId: z.uuid() });

// --- settings and mutes ---------------------------------------------------------------------------------

/** The kinds a person can turn off in Settings (GET/PUT /api/v1/me/activity-settings): every kind. */
export const ACTIVITY_SETTING_KIND_VALUES = ACTIVITY_KIND_VALUES;
export type ActivitySettingKind = (typeof ACTIVITY_SETTING_KIND_VALUES)[number];

/** Every kind with whether it is recorded for me (true: on, the default). PUT takes all of them. */
export const ActivitySettingsSchema = z.strictObject({
  kinds: z.strictObject({
    like: z.boolean(),
    comment: z.boolean(),
    reply: z.boolean(),
    follow: z.boolean(),
    mention: z.boolean(),
    message: z.boolean(),
    comment_like: z.boolean(),
  }),
});
export type ActivitySettings = z.infer<typeof ActivitySettingsSchema>;

/**
 * Muting a person (PUT/DELETE /api/v1/mutes/{profileId}): nothing they do reaches my activity. Private:
 * they cannot tell.
 */
export const MuteStateSchema = z.object({ muted: z.boolean() });
export type MuteState = z.infer<typeof MuteStateSchema>;

export const MutedProfileSchema = AuthorSchema.extend({ muted_at: z.string() });
export type MutedProfile = z.infer<typeof MutedProfileSchema>;

export const MutedProfilePageSchema = z.object({
  /** Most recently muted first. */
  items: z.array(MutedProfileSchema),
  next_cursor: z.string().nullable(),
});
export type MutedProfilePage = z.infer<typeof MutedProfilePageSchema>;

export const ACTIVITY_MESSAGES = {
  cannotMuteSelf: 'You cannot mute yourself',
} as const;

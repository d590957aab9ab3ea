import { z } from 'zod';
import { AuthorSchema } from './posts.ts';

/*
 * Activity (/api/v1/activity): what other people did to the signed-in user: liked their post,
 * commented on it, replied to their comment, followed them, mentioned them (@username) in a caption or a
 * comment. Likes of one post on one day, and follows
 * on one day, come as one group ("maya.curves and 3 others liked your post").
 */

export const ACTIVITY_KIND_VALUES = ['like', 'comment', 'reply', 'follow', 'mention'] as const;
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
  /** Comments, replies and mentions in a comment: the comment's text (null for a caption's mention). */
  comment_id: z.uuid().nullable(),
  comment_body: z.string().nullable(),
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

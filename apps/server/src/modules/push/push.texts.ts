import type { ActivityKind, PushLanguage } from '@sys/shared';

/*
 * What a notification says, in the language the device was subscribed in. The server writes the text
 * (the service worker holds no locale files), worded as the Activity list says it
 * (apps/web/src/locales: activity.liked, .commented, .replied, .followed, .mentionedInComment,
 * .mentionedInPost, .likedComment, .messaged). One text per kind the activity_items table holds.
 */
export const PUSH_TEXTS = {
  en: {
    like: { title: 'New like', body: '{name} liked your post' },
    comment: { title: 'New comment', body: '{name} commented on your post' },
    reply: { title: 'New reply', body: '{name} replied to your comment' },
    follow: { title: 'New follower', body: '{name} started following you' },
    mention: { title: 'New mention', body: '{name} mentioned you' },
    comment_like: { title: 'New like', body: '{name} liked your comment' },
    message: { title: 'New message', body: '{name} sent you a message' },
  },
  he: {
    like: { title: 'לייק חדש', body: '{name} אהב/ה את הפוסט שלך' },
    comment: { title: 'תגובה חדשה', body: '{name} הגיב/ה על הפוסט שלך' },
    reply: { title: 'תשובה חדשה', body: '{name} השיב/ה לתגובה שלך' },
    follow: { title: 'עוקב/ת חדש/ה', body: '{name} התחיל/ה לעקוב אחריך' },
    mention: { title: 'אזכור חדש', body: '{name} הזכיר/ה אותך' },
    comment_like: { title: 'לייק חדש', body: '{name} אהב/ה את התגובה שלך' },
    message: { title: 'הודעה חדשה', body: '{name} שלח/ה לך הודעה' },
  },
} as const satisfies Record<PushLanguage, Record<ActivityKind, { title: string; body: string }>>;

/**
 * A group of several people (likes of a post, likes of a comment, follows of a day), worded as the Activity
 * list says it (activity.likedOthers, .likedCommentOthers, .followedOthers): `one` when one other person.
 */
export const PUSH_GROUP_TEXTS = {
  en: {
    like: { one: '{name} and 1 other liked your post', other: '{name} and {count} others liked your post' },
    comment_like: {
      one: '{name} and 1 other liked your comment',
      other: '{name} and {count} others liked your comment',
    },
    follow: {
      one: '{name} and 1 other started following you',
      other: '{name} and {count} others started following you',
    },
  },
  he: {
    like: { one: '{name} ועוד 1 אהבו את הפוסט שלך', other: '{name} ועוד {count} אהבו את הפוסט שלך' },
    comment_like: {
      one: '{name} ועוד 1 אהבו את התגובה שלך',
      other: '{name} ועוד {count} אהבו את התגובה שלך',
    },
    follow: { one: '{name} ועוד 1 התחילו לעקוב אחריך', other: '{name} ועוד {count} התחילו לעקוב אחריך' },
  },
} as const satisfies Record<PushLanguage, Partial<Record<ActivityKind, { one: string; other: string }>>>;

/** The longest comment excerpt a notification shows after its sentence. */
export const PUSH_EXCERPT_LENGTH = 120;

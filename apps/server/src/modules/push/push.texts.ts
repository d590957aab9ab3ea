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

/** The longest comment excerpt a notification shows after its sentence. */
export const PUSH_EXCERPT_LENGTH = 120;

import type { PushLanguage } from '@sys/shared';

/*
 * What a notification says, in the language the device was subscribed in. The server writes the text
 * (the service worker holds no locale files), worded as the Activity list says it
 * (apps/web/src/locales: activity.liked, activity.commented, activity.replied, activity.followed).
 */
export const PUSH_TEXTS = {
  en: {
    like: { title: 'New like', body: '{name} liked your post' },
    comment: { title: 'New comment', body: '{name} commented on your post' },
    reply: { title: 'New reply', body: '{name} replied to your comment' },
    follow: { title: 'New follower', body: '{name} started following you' },
  },
  he: {
    like: { title: 'לייק חדש', body: '{name} אהב/ה את הפוסט שלך' },
    comment: { title: 'תגובה חדשה', body: '{name} הגיב/ה על הפוסט שלך' },
    reply: { title: 'תשובה חדשה', body: '{name} השיב/ה לתגובה שלך' },
    follow: { title: 'עוקב/ת חדש/ה', body: '{name} התחיל/ה לעקוב אחריך' },
  },
} as const satisfies Record<PushLanguage, Record<string, { title: string; body: string }>>;

/** The longest comment excerpt a notification shows after its sentence. */
export const PUSH_EXCERPT_LENGTH = 120;

import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { activityItems } from './activity.ts';
import { profiles } from './profiles.ts';

/*
 * Web Push (issue 19). One row per device: the push service's endpoint (unique: subscribing the same
 * endpoint as another person moves it to them), the device's keys and the language its notifications are
 * written in. A push service answering 404 or 410 deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language', { enum: ['en', 'he'] }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('push_subscriptions_profile_id_idx').on(t.profile_id),
    check('push_subscriptions_language_check', sql`${t.language} in ('en', 'he')`),
  ],
);

/**
 * The Activity items already pushed: an instance claims an item here before sending it, so each item is
 * pushed once however many instances hear of it. Goes with its item.
 */
export const pushedActivityItems = pgTable('pushed_activity_items', {
  item_id: uuid('item_id')
    .primaryKey()
    .references(() => activityItems.id, { onDelete: 'cascade' }),
  pushed_at: timestamp('pushed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

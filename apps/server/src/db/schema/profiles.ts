import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

/**
 * Spec section 3, table `profiles`. The id is the auth user's id; deleting the user deletes the
 * profile (and, through their own foreign keys, the user's content).
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    username: text('username'),
    display_name: text('display_name'),
    bio: text('bio'),
    avatar_url: text('avatar_url'),
    size: text('size').notNull().default('M'),
    // Null until the person enters them (issue 17): a value nobody entered never shows or matches.
    chest_circumference: integer('chest_circumference'),
    waist_circumference: integer('waist_circumference'),
    hip_circumference: integer('hip_circumference'),
    measurements_public: boolean('measurements_public').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profiles_username_lower_key').on(sql`lower(${t.username})`)],
);

export type ProfileRow = typeof profiles.$inferSelect;

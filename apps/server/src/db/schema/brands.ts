import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Spec section 3, table `brands`: a brand name and how many times posts have used it. */
export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  usage_count: integer('usage_count').notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BrandRow = typeof brands.$inferSelect;

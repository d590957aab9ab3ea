-- What drizzle-kit cannot declare for discovery (see src/db/schema/discovery.ts).
-- pg_trgm is a trusted extension: the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Search: a query word's nearest known words ('addidas' -> 'adidas').
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
-- Search: authors whose username or display name holds a query word.
CREATE INDEX "profiles_names_trgm_idx" ON "profiles" USING gin ((lower(coalesce("username", '') || ' ' || coalesce("display_name", ''))) gin_trgm_ops);
--> statement-breakpoint
-- Category page: posts with a tag containing the category ('|casual|plussize|' LIKE '%size%').
CREATE INDEX "post_search_tags_text_trgm_idx" ON "post_search" USING gin ("tags_text" gin_trgm_ops);
--> statement-breakpoint
-- Trending: the clicks of the last 7 days, per item, without visiting the table.
CREATE INDEX "item_clicks_created_at_item_id_idx" ON "item_clicks" USING btree ("created_at", "item_id");
--> statement-breakpoint
-- Fits like me: authors who share their measurements, by range.
CREATE INDEX "profiles_public_measurements_idx" ON "profiles" USING btree ("chest_circumference", "waist_circumference", "hip_circumference") WHERE "measurements_public";

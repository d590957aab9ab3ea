CREATE TABLE "post_search" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"is_public" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"document" "tsvector" NOT NULL,
	"filter_keys" text[] NOT NULL,
	"tag_keys" text[] NOT NULL,
	"tags_text" text NOT NULL,
	"indexed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swipe_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"outfit_id" uuid NOT NULL,
	"action" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"brand" text,
	"category" text,
	"colors" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipe_events_action_check" CHECK ("swipe_events"."action" in ('like', 'dislike'))
);
--> statement-breakpoint
ALTER TABLE "post_search" ADD CONSTRAINT "post_search_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_search" ADD CONSTRAINT "post_search_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_events" ADD CONSTRAINT "swipe_events_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_search_public_created_at_idx" ON "post_search" USING btree ("created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST) WHERE "post_search"."is_public";--> statement-breakpoint
CREATE INDEX "post_search_profile_id_idx" ON "post_search" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "post_search_document_idx" ON "post_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "post_search_filter_keys_idx" ON "post_search" USING gin ("filter_keys");--> statement-breakpoint
CREATE INDEX "swipe_events_profile_id_created_at_idx" ON "swipe_events" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "swipe_events_profile_outfit_created_at_key" ON "swipe_events" USING btree ("profile_id","outfit_id","created_at");
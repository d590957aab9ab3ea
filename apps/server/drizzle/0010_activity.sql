CREATE TABLE "activity_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid,
	"liked_post_id" uuid,
	"comment_id" uuid,
	"follow_id" uuid,
	"group_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "activity_items_kind_check" CHECK ("activity_items"."kind" in ('like', 'comment', 'reply', 'follow')),
	CONSTRAINT "activity_items_not_self_check" CHECK ("activity_items"."recipient_id" <> "activity_items"."actor_id")
);
--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_like_fk" FOREIGN KEY ("liked_post_id","actor_id") REFERENCES "public"."post_likes"("post_id","profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_items_recipient_id_created_at_idx" ON "activity_items" USING btree ("recipient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_items_recipient_unread_idx" ON "activity_items" USING btree ("recipient_id") WHERE "activity_items"."read_at" is null;--> statement-breakpoint
CREATE INDEX "activity_items_actor_id_idx" ON "activity_items" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "activity_items_post_id_idx" ON "activity_items" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_items_like_key" ON "activity_items" USING btree ("liked_post_id","actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_items_follow_key" ON "activity_items" USING btree ("follow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_items_comment_recipient_key" ON "activity_items" USING btree ("comment_id","recipient_id");
CREATE TABLE "activity_kinds_off" (
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "activity_kinds_off_profile_id_kind_pk" PRIMARY KEY("profile_id","kind"),
	CONSTRAINT "activity_kinds_off_kind_check" CHECK ("activity_kinds_off"."kind" in ('like', 'comment', 'reply', 'follow', 'message', 'comment_like', 'mention'))
);
--> statement-breakpoint
CREATE TABLE "activity_mutes" (
	"muter_id" uuid NOT NULL,
	"muted_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_mutes_muter_id_muted_id_pk" PRIMARY KEY("muter_id","muted_id"),
	CONSTRAINT "activity_mutes_not_self_check" CHECK ("activity_mutes"."muter_id" <> "activity_mutes"."muted_id")
);
--> statement-breakpoint
ALTER TABLE "activity_items" DROP CONSTRAINT "activity_items_kind_check";--> statement-breakpoint
ALTER TABLE "activity_items" ADD COLUMN "liked_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_items" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_items" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_kinds_off" ADD CONSTRAINT "activity_kinds_off_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_mutes" ADD CONSTRAINT "activity_mutes_muter_id_profiles_id_fk" FOREIGN KEY ("muter_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_mutes" ADD CONSTRAINT "activity_mutes_muted_id_profiles_id_fk" FOREIGN KEY ("muted_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_mutes_muter_created_at_idx" ON "activity_mutes" USING btree ("muter_id","created_at" DESC NULLS LAST,"muted_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_mutes_muted_id_idx" ON "activity_mutes" USING btree ("muted_id");--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_comment_like_fk" FOREIGN KEY ("liked_comment_id","actor_id") REFERENCES "public"."comment_likes"("comment_id","profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_items_comment_like_key" ON "activity_items" USING btree ("liked_comment_id","actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_items_message_key" ON "activity_items" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "activity_items_conversation_id_idx" ON "activity_items" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_kind_check" CHECK ("activity_items"."kind" in ('like', 'comment', 'reply', 'follow', 'mention', 'message', 'comment_like'));
ALTER TABLE "post_media" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "poster_url" text;--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "storage_object_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "held_visibility" text;--> statement-breakpoint
ALTER TABLE "storage_objects" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "storage_objects" ADD COLUMN "source_path" text;--> statement-breakpoint
ALTER TABLE "storage_objects" ADD COLUMN "poster_path" text;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_storage_object_id_storage_objects_id_fk" FOREIGN KEY ("storage_object_id") REFERENCES "public"."storage_objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_media_storage_object_id_idx" ON "post_media" USING btree ("storage_object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_objects_source_path_key" ON "storage_objects" USING btree ("source_path");--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_status_check" CHECK ("post_media"."status" in ('processing', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "storage_objects" ADD CONSTRAINT "storage_objects_status_check" CHECK ("storage_objects"."status" in ('processing', 'ready', 'failed'));
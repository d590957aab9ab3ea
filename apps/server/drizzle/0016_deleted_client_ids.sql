CREATE TABLE "deleted_client_ids" (
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"client_id" uuid NOT NULL,
	"deleted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deleted_client_ids_profile_id_kind_client_id_pk" PRIMARY KEY("profile_id","kind","client_id"),
	CONSTRAINT "deleted_client_ids_kind_check" CHECK ("deleted_client_ids"."kind" in ('comment', 'message'))
);
--> statement-breakpoint
ALTER TABLE "deleted_client_ids" ADD CONSTRAINT "deleted_client_ids_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "remember_deleted_comment_client_id"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Not for an account being deleted (its ids go with it).
  INSERT INTO deleted_client_ids (profile_id, kind, client_id)
  SELECT p.id, 'comment', OLD.client_id FROM profiles p WHERE p.id = OLD.profile_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "remember_deleted_message_client_id"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_client_ids (profile_id, kind, client_id)
  SELECT p.id, 'message', OLD.client_id FROM profiles p WHERE p.id = OLD.sender_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "comments_remember_client_id" AFTER DELETE ON "comments"
  FOR EACH ROW WHEN (OLD.client_id IS NOT NULL) EXECUTE FUNCTION remember_deleted_comment_client_id();
--> statement-breakpoint
CREATE TRIGGER "messages_remember_client_id" AFTER DELETE ON "messages"
  FOR EACH ROW WHEN (OLD.client_id IS NOT NULL) EXECUTE FUNCTION remember_deleted_message_client_id();

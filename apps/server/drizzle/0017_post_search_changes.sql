CREATE TABLE "post_search_changes" (
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "post_search_changes_xid_idx" ON "post_search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "post_search_changes_changed_at_idx" ON "post_search_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE FUNCTION "note_post_search_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Where the post's entry was, if it had one (the index reads what it is now from post_search).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO post_search_changes (post_id, created_at) VALUES (NEW.post_id, NEW.created_at);
  ELSE
    INSERT INTO post_search_changes (post_id, created_at) VALUES (OLD.post_id, OLD.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_search_public_added" AFTER INSERT ON "post_search"
  FOR EACH ROW WHEN (NEW.is_public) EXECUTE FUNCTION note_post_search_change();
--> statement-breakpoint
CREATE TRIGGER "post_search_public_removed" AFTER DELETE ON "post_search"
  FOR EACH ROW WHEN (OLD.is_public) EXECUTE FUNCTION note_post_search_change();
--> statement-breakpoint
CREATE TRIGGER "post_search_public_changed" AFTER UPDATE ON "post_search"
  FOR EACH ROW WHEN ((OLD.is_public OR NEW.is_public) AND (OLD.is_public IS DISTINCT FROM NEW.is_public
    OR OLD.filter_keys IS DISTINCT FROM NEW.filter_keys OR OLD.created_at IS DISTINCT FROM NEW.created_at))
  EXECUTE FUNCTION note_post_search_change();

-- The in-memory index answers search as well as the filtered feed: a change of a public post's words
-- (a caption edited, nothing else) is a change it must read too.
DROP TRIGGER "post_search_public_changed" ON "post_search";
--> statement-breakpoint
CREATE TRIGGER "post_search_public_changed" AFTER UPDATE ON "post_search"
  FOR EACH ROW WHEN ((OLD.is_public OR NEW.is_public) AND (OLD.is_public IS DISTINCT FROM NEW.is_public
    OR OLD.filter_keys IS DISTINCT FROM NEW.filter_keys OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.document IS DISTINCT FROM NEW.document))
  EXECUTE FUNCTION note_post_search_change();

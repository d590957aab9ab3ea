CREATE TABLE "activity_groups" (
	"recipient_id" uuid NOT NULL,
	"group_key" text NOT NULL,
	"latest_at" timestamp (3) with time zone NOT NULL,
	"latest_id" uuid NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_groups_recipient_id_group_key_pk" PRIMARY KEY("recipient_id","group_key")
);
--> statement-breakpoint
ALTER TABLE "activity_groups" ADD CONSTRAINT "activity_groups_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_groups_recipient_latest_idx" ON "activity_groups" USING btree ("recipient_id","latest_at" DESC NULLS LAST,"latest_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_groups_recipient_unread_idx" ON "activity_groups" USING btree ("recipient_id") WHERE "activity_groups"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "activity_items_recipient_group_idx" ON "activity_items" USING btree ("recipient_id","group_key","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE FUNCTION "activity_blocked_between"("a" uuid, "b" uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  select exists (select 1 from blocks where blocker_id = a and blocked_id = b)
      or exists (select 1 from blocks where blocker_id = b and blocked_id = a)
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_groups_refresh"("recipients" uuid[], "group_keys" text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Recomputes these groups from their items (after a block or an unblock changed what is visible).
  PERFORM 1 FROM activity_groups g
    JOIN unnest(recipients, group_keys) AS k(r, gk) ON g.recipient_id = k.r AND g.group_key = k.gk
    ORDER BY g.recipient_id, g.group_key
    FOR UPDATE OF g;
  DELETE FROM activity_groups g
    USING unnest(recipients, group_keys) AS k(r, gk)
    WHERE g.recipient_id = k.r AND g.group_key = k.gk
      AND NOT EXISTS (SELECT 1 FROM activity_items a
        WHERE a.recipient_id = k.r AND a.group_key = k.gk
          AND NOT activity_blocked_between(a.recipient_id, a.actor_id));
  INSERT INTO activity_groups AS g (recipient_id, group_key, latest_at, latest_id, unread_count)
  SELECT k.r, k.gk, l.created_at, l.id,
    (SELECT count(*) FROM activity_items a
      WHERE a.recipient_id = k.r AND a.group_key = k.gk AND a.read_at IS NULL
        AND NOT activity_blocked_between(a.recipient_id, a.actor_id))
  FROM (SELECT DISTINCT u.r, u.gk FROM unnest(recipients, group_keys) AS u(r, gk)) k
  -- Not for an account being deleted in this transaction (its groups go with it).
  JOIN profiles p ON p.id = k.r
  CROSS JOIN LATERAL (SELECT a.created_at, a.id FROM activity_items a
    WHERE a.recipient_id = k.r AND a.group_key = k.gk
      AND NOT activity_blocked_between(a.recipient_id, a.actor_id)
    ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST LIMIT 1) l
  ORDER BY k.r, k.gk
  ON CONFLICT (recipient_id, group_key) DO UPDATE SET
    latest_at = excluded.latest_at, latest_id = excluded.latest_id, unread_count = excluded.unread_count;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_groups_items_added"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_groups AS g (recipient_id, group_key, latest_at, latest_id, unread_count)
  SELECT a.recipient_id, a.group_key,
    (array_agg(a.created_at ORDER BY a.created_at DESC, a.id DESC))[1],
    (array_agg(a.id ORDER BY a.created_at DESC, a.id DESC))[1],
    count(*) FILTER (WHERE a.read_at IS NULL)
  FROM added a
  WHERE NOT activity_blocked_between(a.recipient_id, a.actor_id)
  GROUP BY a.recipient_id, a.group_key
  ORDER BY a.recipient_id, a.group_key
  ON CONFLICT (recipient_id, group_key) DO UPDATE SET
    latest_at = CASE WHEN (excluded.latest_at, excluded.latest_id) > (g.latest_at, g.latest_id)
      THEN excluded.latest_at ELSE g.latest_at END,
    latest_id = CASE WHEN (excluded.latest_at, excluded.latest_id) > (g.latest_at, g.latest_id)
      THEN excluded.latest_id ELSE g.latest_id END,
    unread_count = g.unread_count + excluded.unread_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_groups_items_removed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The groups are locked first, so that their newest item is read after any other change to them.
  PERFORM 1 FROM activity_groups g
    WHERE (g.recipient_id, g.group_key) IN (SELECT r.recipient_id, r.group_key FROM removed r)
    ORDER BY g.recipient_id, g.group_key
    FOR UPDATE;
  UPDATE activity_groups g SET unread_count = g.unread_count - r.unread
    FROM (SELECT recipient_id, group_key, count(*)::int AS unread FROM removed
          WHERE read_at IS NULL AND NOT activity_blocked_between(recipient_id, actor_id)
          GROUP BY recipient_id, group_key) r
    WHERE g.recipient_id = r.recipient_id AND g.group_key = r.group_key;
  -- A group whose newest item went: gone when nothing visible is left, else its next newest item leads.
  DELETE FROM activity_groups g USING removed r
    WHERE g.latest_id = r.id AND g.recipient_id = r.recipient_id AND g.group_key = r.group_key
      AND NOT EXISTS (SELECT 1 FROM activity_items a
        WHERE a.recipient_id = g.recipient_id AND a.group_key = g.group_key
          AND NOT activity_blocked_between(a.recipient_id, a.actor_id));
  UPDATE activity_groups g SET latest_at = l.created_at, latest_id = l.id
    FROM removed r
    CROSS JOIN LATERAL (SELECT a.created_at, a.id FROM activity_items a
      WHERE a.recipient_id = r.recipient_id AND a.group_key = r.group_key
        AND NOT activity_blocked_between(a.recipient_id, a.actor_id)
      ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST LIMIT 1) l
    WHERE g.latest_id = r.id AND g.recipient_id = r.recipient_id AND g.group_key = r.group_key;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_groups_items_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r uuid[];
  k text[];
BEGIN
  -- Anything but a read mark (never done by the app): the groups on both sides are recomputed.
  IF EXISTS (SELECT 1 FROM after_rows n JOIN before_rows o ON o.id = n.id
      WHERE (n.recipient_id, n.actor_id, n.group_key, n.created_at)
        IS DISTINCT FROM (o.recipient_id, o.actor_id, o.group_key, o.created_at)) THEN
    SELECT array_agg(u.recipient_id), array_agg(u.group_key) INTO r, k FROM (
      SELECT recipient_id, group_key FROM after_rows
      UNION SELECT recipient_id, group_key FROM before_rows) u;
    PERFORM activity_groups_refresh(r, k);
    RETURN NULL;
  END IF;
  UPDATE activity_groups g SET unread_count = g.unread_count + d.delta
    FROM (SELECT n.recipient_id, n.group_key,
            sum(CASE WHEN n.read_at IS NULL THEN 1 ELSE -1 END)::int AS delta
          FROM after_rows n JOIN before_rows o ON o.id = n.id
          WHERE (o.read_at IS NULL) <> (n.read_at IS NULL)
            AND NOT activity_blocked_between(n.recipient_id, n.actor_id)
          GROUP BY n.recipient_id, n.group_key) d
    WHERE g.recipient_id = d.recipient_id AND g.group_key = d.group_key;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_groups_blocks_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r uuid[];
  k text[];
BEGIN
  -- A block hides the items between the two people both ways; an unblock shows them again.
  SELECT array_agg(u.recipient_id), array_agg(u.group_key) INTO r, k FROM (
    SELECT a.recipient_id, a.group_key FROM changed b
      JOIN activity_items a ON a.recipient_id = b.blocker_id AND a.actor_id = b.blocked_id
    UNION
    SELECT a.recipient_id, a.group_key FROM changed b
      JOIN activity_items a ON a.recipient_id = b.blocked_id AND a.actor_id = b.blocker_id) u;
  IF r IS NOT NULL THEN
    PERFORM activity_groups_refresh(r, k);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "activity_groups" ("recipient_id", "group_key", "latest_at", "latest_id", "unread_count")
SELECT a.recipient_id, a.group_key,
  (array_agg(a.created_at ORDER BY a.created_at DESC, a.id DESC))[1],
  (array_agg(a.id ORDER BY a.created_at DESC, a.id DESC))[1],
  count(*) FILTER (WHERE a.read_at IS NULL)
FROM "activity_items" a
WHERE NOT activity_blocked_between(a.recipient_id, a.actor_id)
GROUP BY a.recipient_id, a.group_key;
--> statement-breakpoint
CREATE TRIGGER "activity_items_groups_added" AFTER INSERT ON "activity_items"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION activity_groups_items_added();
--> statement-breakpoint
CREATE TRIGGER "activity_items_groups_removed" AFTER DELETE ON "activity_items"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION activity_groups_items_removed();
--> statement-breakpoint
CREATE TRIGGER "activity_items_groups_changed" AFTER UPDATE ON "activity_items"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION activity_groups_items_changed();
--> statement-breakpoint
CREATE TRIGGER "blocks_activity_groups_added" AFTER INSERT ON "blocks"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_groups_blocks_changed();
--> statement-breakpoint
CREATE TRIGGER "blocks_activity_groups_removed" AFTER DELETE ON "blocks"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_groups_blocks_changed();

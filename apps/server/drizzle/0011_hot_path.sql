CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
-- custom SQL below
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Sends the changed row's user id (the column named by TG_ARGV[0]) on a NOTIFY channel.
CREATE FUNCTION "notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column holding the user id; TG_ARGV[1] the channel.
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify(TG_ARGV[1], to_jsonb(OLD) ->> TG_ARGV[0]);
    RETURN OLD;
  END IF;
  PERFORM pg_notify(TG_ARGV[1], to_jsonb(NEW) ->> TG_ARGV[0]);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Any change to what a session resolves to (the session itself, its user, plan or photo) wakes
-- the session cache, whichever code path or operator command made it.
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER "entitlements_changed" AFTER INSERT OR UPDATE OR DELETE ON "entitlements" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id', 'session_changed');--> statement-breakpoint
CREATE TRIGGER "user_photos_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_photos" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id', 'session_changed');--> statement-breakpoint
-- Any change to a user's history wakes every instance's copy of that user's marks.
CREATE TRIGGER "test_history_changed" AFTER INSERT OR UPDATE OR DELETE ON "test_history" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id', 'history_changed');--> statement-breakpoint
CREATE TRIGGER "question_history_changed" AFTER INSERT OR UPDATE OR DELETE ON "question_history" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id', 'history_changed');

-- custom SQL below
-- The review ladder is part of a user's marks kept in memory: its changes wake them too.
CREATE TRIGGER "review_items_changed" AFTER INSERT OR UPDATE OR DELETE ON "review_items" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id', 'history_changed');

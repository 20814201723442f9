-- A live session's end (signed out, pushed out by newer ones, its password changed, its user
-- deleted) is announced on the change channel, so each process's event streams stop that member's
-- private changes at once, without asking the database about every stream on every send. Expiry
-- needs no notice: a stream knows when its session expires. Sweeping away revoked sessions says
-- nothing (their end was announced); sweeping expired ones repeats what streams know already.
CREATE FUNCTION notify_session_end() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'app_changes',
    json_build_object('table', 'sessions', 'op', lower(TG_OP), 'id', OLD.id)::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_at ON "sessions"
FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
EXECUTE FUNCTION notify_session_end();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON "sessions"
FOR EACH ROW WHEN (OLD.revoked_at IS NULL)
EXECUTE FUNCTION notify_session_end();

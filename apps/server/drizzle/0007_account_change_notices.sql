-- Each server instance keeps the account behind a session token in memory for
-- a few seconds (decision 040). Whatever changes what that check reads tells
-- every instance at once, from the database itself, however the row was
-- written: sign-out and password resets (sessions deleted), sliding expiry
-- (sessions updated), the account's name, address or deletion (users), its
-- deactivation (profiles.is_active) and its roles (user_roles). The notice
-- goes on the realtime bus's channel (lib/realtime/postgres-bus.ts,
-- REALTIME_NOTIFY_CHANNEL) as a session_ended event, which also has each
-- instance check that account's open sockets. NOTIFY is sent only if and
-- when the transaction commits; repeats within one transaction are merged.
CREATE OR REPLACE FUNCTION calm_notify_account_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column holding the account's id. OLD is null on INSERT, NEW on DELETE.
  PERFORM pg_notify('calm_realtime', json_build_object(
    'kind', 'session_ended',
    'user_id', coalesce(to_jsonb(OLD), to_jsonb(NEW)) ->> TG_ARGV[0]
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_account_changed
  AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION calm_notify_account_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_notify_account_changed
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION calm_notify_account_changed('id');
--> statement-breakpoint
CREATE TRIGGER profiles_notify_account_changed
  AFTER UPDATE OF is_active ON profiles
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION calm_notify_account_changed('id');
--> statement-breakpoint
CREATE TRIGGER user_roles_notify_account_changed
  AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION calm_notify_account_changed('user_id');

-- Every account gets its profile and the `user` role in the same transaction
-- that creates it, whichever way it was created (email sign-up, Google, a
-- script). A trigger is the one place that cannot be skipped by a code path.
-- The profile's defaults (15 credits, plan Base Camp, trial 0, active) come
-- from the profiles table itself.
CREATE OR REPLACE FUNCTION provision_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles (id, full_name, email, created_at, updated_at)
  VALUES (NEW.id, NULLIF(btrim(NEW.name), ''), NEW.email, NEW.created_at, NEW.created_at)
  ON CONFLICT (id) DO NOTHING;
  INSERT INTO user_roles (user_id, role)
  VALUES (NEW.id, 'user')
  ON CONFLICT ON CONSTRAINT user_roles_user_role_key DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_provision_account
AFTER INSERT ON users
FOR EACH ROW EXECUTE FUNCTION provision_account();
--> statement-breakpoint
-- Keep the profile's copy of the address in step when a member changes it.
CREATE OR REPLACE FUNCTION sync_profile_email() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET email = NEW.email, updated_at = now() WHERE id = NEW.id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_sync_profile_email
AFTER UPDATE OF email ON users
FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
EXECUTE FUNCTION sync_profile_email();

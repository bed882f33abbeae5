ALTER TABLE "profiles" ADD COLUMN "activity_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each instance remembers a member's analytics (GET /api/me/analytics) and
-- serves them again while profiles.activity_version has not moved (decision
-- 051). Whatever changes what they show raises it, from the database itself,
-- however the row was written: a reflection added, edited or removed; a
-- message added, edited or removed in the member's conversation (member_id:
-- their own and the coach's); their credits; the title of a prompt they
-- reflected on.
CREATE OR REPLACE FUNCTION calm_raise_activity_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column holding the member's id. OLD is null on INSERT, NEW on DELETE.
  UPDATE profiles SET activity_version = activity_version + 1
  WHERE id IN (to_jsonb(OLD) ->> TG_ARGV[0], to_jsonb(NEW) ->> TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_reflections_raise_activity_version
  AFTER INSERT OR UPDATE OR DELETE ON user_reflections
  FOR EACH ROW EXECUTE FUNCTION calm_raise_activity_version('user_id');
--> statement-breakpoint
CREATE TRIGGER chat_messages_raise_activity_version
  AFTER INSERT OR DELETE OR UPDATE OF message ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION calm_raise_activity_version('member_id');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION calm_raise_activity_version_on_credits() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.activity_version := OLD.activity_version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_raise_activity_version_on_credits
  BEFORE UPDATE OF credits ON profiles
  FOR EACH ROW WHEN (OLD.credits IS DISTINCT FROM NEW.credits)
  EXECUTE FUNCTION calm_raise_activity_version_on_credits();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION calm_raise_activity_version_on_prompt_title() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET activity_version = activity_version + 1
  WHERE id IN (SELECT user_id FROM user_reflections WHERE strategic_prompt_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER strategic_prompts_raise_activity_version
  AFTER UPDATE OF title ON strategic_prompts
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION calm_raise_activity_version_on_prompt_title();

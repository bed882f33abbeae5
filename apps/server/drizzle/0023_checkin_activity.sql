ALTER TABLE "checkins" ADD COLUMN "answered_by_message" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A check-in is a day's activity in the member's progress (docs/product.md, "Reflections and prompts"):
-- recording or removing one moves the analytics' version, as a reflection does (decision 051).
CREATE TRIGGER checkins_raise_activity_version
  AFTER INSERT OR DELETE ON checkins
  FOR EACH ROW EXECUTE FUNCTION calm_raise_activity_version('user_id');

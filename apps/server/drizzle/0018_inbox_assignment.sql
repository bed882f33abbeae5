ALTER TABLE "conversations" ADD COLUMN "assigned_coach_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assigned_coach_id_users_id_fk" FOREIGN KEY ("assigned_coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_assignee_order_idx" ON "conversations" USING btree ("assigned_coach_id",("urgent_since" is not null) desc,"unread_count" DESC NULLS LAST,"last_message_at" DESC NULLS LAST,"id") WHERE "conversations"."last_message_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_waiting_order_idx" ON "conversations" USING btree (("urgent_since" is not null) desc,"waiting_since","last_message_at" DESC NULLS LAST,"id") WHERE "conversations"."last_message_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_assignee_waiting_idx" ON "conversations" USING btree ("assigned_coach_id",("urgent_since" is not null) desc,"waiting_since","last_message_at" DESC NULLS LAST,"id") WHERE "conversations"."last_message_id" is not null;--> statement-breakpoint
-- hand-written below
-- "Waiting longest" (decision 061): since when the person has waited for the team, i.e. their first
-- message after the team's last reply (a coach's or the AI's; system notes are no reply). Recomputed
-- for the conversations a statement touched: two short ranges of chat_messages_conversation_created_idx
-- (back to the last reply, then the person's messages after it), however long the conversation.
CREATE OR REPLACE FUNCTION conversations_recompute_waiting(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations c SET waiting_since = (
    SELECT min(m.created_at) FROM chat_messages m
     WHERE m.conversation_id = c.id AND m.author_kind = 'member'
       AND m.created_at > coalesce((SELECT max(r.created_at) FROM chat_messages r
                                     WHERE r.conversation_id = c.id AND r.author_kind IN ('coach', 'automation')),
                                   '-infinity'::timestamptz))
   WHERE c.id = ANY(ids);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION conversations_waiting_on_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversations_recompute_waiting(ARRAY(SELECT DISTINCT conversation_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_insert_waiting
  AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_waiting_on_insert();
--> statement-breakpoint
-- Messages moved to another conversation (a contact linked to a member): both sides again.
CREATE OR REPLACE FUNCTION conversations_waiting_on_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversations_recompute_waiting(ARRAY(
    SELECT o.conversation_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.conversation_id <> o.conversation_id
    UNION
    SELECT n.conversation_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.conversation_id <> o.conversation_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_update_waiting
  AFTER UPDATE ON chat_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_waiting_on_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION conversations_waiting_on_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversations_recompute_waiting(ARRAY(SELECT DISTINCT conversation_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_delete_waiting
  AFTER DELETE ON chat_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_waiting_on_delete();
--> statement-breakpoint
-- The conversations written before this migration.
SELECT conversations_recompute_waiting(ARRAY(SELECT id FROM conversations WHERE last_message_id IS NOT NULL));

-- Coach messaging (decision 029). Each message names its conversation, the
-- member's id (member_id, computed by the database), and one index reads a
-- conversation newest first: its pages and its latest message.
-- chat_conversations holds one row per conversation, its latest message and
-- its unread count, kept by the triggers at the end of this file in the
-- statement that changes the messages: the admin inbox reads one page of
-- these rows, whatever the number of messages.
CREATE TABLE "chat_conversations" (
	"member_id" text PRIMARY KEY NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_conversations_unread_non_negative" CHECK ("chat_conversations"."unread_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "member_id" text GENERATED ALWAYS AS (case when is_admin_message then recipient_id else sender_id end) STORED;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_order_idx" ON "chat_conversations" USING btree ("unread_count" DESC NULLS LAST,"last_message_at" DESC NULLS LAST,"member_id");--> statement-breakpoint
CREATE INDEX "chat_messages_member_created_idx" ON "chat_messages" USING btree ("member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- New messages: the conversation's row is created or moved on, and its unread count raised.
CREATE OR REPLACE FUNCTION chat_conversations_on_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_conversations AS c (member_id, last_message_id, last_message_at, unread_count)
  SELECT DISTINCT ON (member_id) member_id, id, created_at,
         count(*) FILTER (WHERE read_at IS NULL AND NOT is_admin_message) OVER (PARTITION BY member_id)
    FROM new_rows
   WHERE member_id IS NOT NULL
   ORDER BY member_id, created_at DESC, id DESC
  ON CONFLICT (member_id) DO UPDATE SET
    last_message_id = CASE WHEN (excluded.last_message_at, excluded.last_message_id) > (c.last_message_at, c.last_message_id)
                           THEN excluded.last_message_id ELSE c.last_message_id END,
    last_message_at = greatest(c.last_message_at, excluded.last_message_at),
    unread_count = c.unread_count + excluded.unread_count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_insert_conversations
  AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chat_conversations_on_insert();
--> statement-breakpoint
-- Messages marked read (or unread): the unread count follows, by the difference.
CREATE OR REPLACE FUNCTION chat_conversations_on_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_conversations c SET unread_count = c.unread_count + d.delta
    FROM (
      SELECT n.member_id,
             sum((n.read_at IS NULL AND NOT n.is_admin_message)::int
               - (o.read_at IS NULL AND NOT o.is_admin_message)::int) AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.member_id IS NOT NULL
       GROUP BY n.member_id
    ) d
   WHERE c.member_id = d.member_id AND d.delta <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_update_conversations
  AFTER UPDATE ON chat_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chat_conversations_on_update();
--> statement-breakpoint
-- Messages deleted (an account removed, and its messages with it): the
-- conversations they belonged to are computed again from what remains.
CREATE OR REPLACE FUNCTION chat_conversations_on_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM chat_conversations c
   USING (SELECT DISTINCT member_id FROM old_rows) d
   WHERE c.member_id = d.member_id;
  INSERT INTO chat_conversations (member_id, last_message_id, last_message_at, unread_count)
  SELECT d.member_id, last.id, last.created_at,
         (SELECT count(*) FROM chat_messages u
           WHERE u.member_id = d.member_id AND u.read_at IS NULL AND NOT u.is_admin_message)
    FROM (SELECT DISTINCT member_id FROM old_rows WHERE member_id IS NOT NULL) d
    CROSS JOIN LATERAL (
      SELECT m.id, m.created_at FROM chat_messages m
       WHERE m.member_id = d.member_id
       ORDER BY m.created_at DESC NULLS LAST, m.id DESC NULLS LAST
       LIMIT 1
    ) last
   WHERE EXISTS (SELECT 1 FROM users WHERE users.id = d.member_id)
  ON CONFLICT (member_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_delete_conversations
  AFTER DELETE ON chat_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chat_conversations_on_delete();
--> statement-breakpoint
-- The conversations of the messages already written.
INSERT INTO chat_conversations (member_id, last_message_id, last_message_at, unread_count)
SELECT DISTINCT ON (member_id) member_id, id, created_at,
       count(*) FILTER (WHERE read_at IS NULL AND NOT is_admin_message) OVER (PARTITION BY member_id)
  FROM chat_messages
 WHERE member_id IS NOT NULL
 ORDER BY member_id, created_at DESC, id DESC;

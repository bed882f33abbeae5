-- One conversation model (decision 052). A conversation gets its own id and an
-- optional member (null for a contact on another channel not linked to one
-- yet); it holds the inbox summary chat_conversations held, kept by the
-- triggers below keyed by conversation id. A message names its conversation,
-- its author kind, channel, type, delivery status and the ids that dedupe it.
-- Today's data moves: every member with messages gets a conversation, every
-- message its conversation's id, author 'coach' where is_admin_message was
-- true and 'member' otherwise, status 'read' where read_at is set, else 'sent'.
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text,
	"contact_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_id" uuid,
	"last_message_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversations_member_id_unique" UNIQUE("member_id"),
	CONSTRAINT "conversations_unread_non_negative" CHECK ("conversations"."unread_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The old triggers go first: the rows below are rewritten without them.
DROP TRIGGER "chat_messages_insert_conversations" ON "chat_messages";--> statement-breakpoint
DROP TRIGGER "chat_messages_update_conversations" ON "chat_messages";--> statement-breakpoint
DROP TRIGGER "chat_messages_delete_conversations" ON "chat_messages";--> statement-breakpoint
DROP TRIGGER "chat_messages_raise_activity_version" ON "chat_messages";--> statement-breakpoint
DROP FUNCTION chat_conversations_on_insert();--> statement-breakpoint
DROP FUNCTION chat_conversations_on_update();--> statement-breakpoint
DROP FUNCTION chat_conversations_on_delete();--> statement-breakpoint
DROP TABLE "chat_conversations";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_type_valid";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_not_blank";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_sender_known";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_recipient_id_users_id_fk";--> statement-breakpoint
DROP INDEX "chat_messages_recipient_created_idx";--> statement-breakpoint
DROP INDEX "chat_messages_unread_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "author_kind" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "media" jsonb;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "failure_reason" text;--> statement-breakpoint
-- A conversation for every member with messages, begun at their first message.
INSERT INTO "conversations" ("member_id", "created_at")
SELECT "member_id", min("created_at") FROM "chat_messages"
 WHERE "member_id" IS NOT NULL
 GROUP BY "member_id";--> statement-breakpoint
UPDATE "chat_messages" m SET
  "conversation_id" = c."id",
  "author_kind" = CASE WHEN m."is_admin_message" THEN 'coach' ELSE 'member' END,
  "status" = CASE WHEN m."read_at" IS NOT NULL THEN 'read' ELSE 'sent' END,
  "sent_at" = m."created_at"
  FROM "conversations" c
 WHERE c."member_id" = m."member_id";--> statement-breakpoint
-- A message without a conversation could not be moved; NOT NULL below stops the migration rather than lose it.
ALTER TABLE "chat_messages" ALTER COLUMN "conversation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "author_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "member_id";--> statement-breakpoint
DROP INDEX IF EXISTS "chat_messages_member_created_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "recipient_id";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "is_admin_message";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_inbox_order_idx" ON "conversations" USING btree ("unread_count" DESC NULLS LAST,"last_message_at" DESC NULLS LAST,"id") WHERE "conversations"."last_message_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_created_idx" ON "chat_messages" USING btree ("conversation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_channel_external_id_idx" ON "chat_messages" USING btree ("channel","external_id") WHERE "chat_messages"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_conversation_client_id_idx" ON "chat_messages" USING btree ("conversation_id","client_id") WHERE "chat_messages"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("conversation_id") WHERE "chat_messages"."read_at" is null and "chat_messages"."author_kind" = 'member';--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_kind_valid" CHECK ("chat_messages"."author_kind" in ('member', 'coach', 'automation', 'system'));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_channel_valid" CHECK ("chat_messages"."channel" in ('web', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_status_valid" CHECK ("chat_messages"."status" in ('pending', 'sent', 'delivered', 'read', 'failed'));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_read_has_time" CHECK ("chat_messages"."status" <> 'read' or "chat_messages"."read_at" is not null);--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_failed_has_time" CHECK ("chat_messages"."status" <> 'failed' or "chat_messages"."failed_at" is not null);--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_type_valid" CHECK ("chat_messages"."message_type" in ('text', 'audio', 'image', 'other'));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_not_blank" CHECK ("chat_messages"."message_type" <> 'text' or length(btrim("chat_messages"."message")) > 0);--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_known" CHECK ("chat_messages"."sender_id" is not null or "chat_messages"."author_kind" <> 'member' or "chat_messages"."channel" <> 'web');--> statement-breakpoint
-- Recomputes the summary of these conversations from their messages: after
-- deletions, and when messages move between conversations (a contact linked
-- to a member). A conversation left with no message is no longer listed.
CREATE OR REPLACE FUNCTION conversations_recompute(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations c SET
    last_message_id = last.id,
    last_message_at = last.created_at,
    unread_count = (SELECT count(*) FROM chat_messages u
                     WHERE u.conversation_id = c.id AND u.read_at IS NULL AND u.author_kind = 'member')
    FROM conversations c2
    LEFT JOIN LATERAL (
      SELECT m.id, m.created_at FROM chat_messages m
       WHERE m.conversation_id = c2.id
       ORDER BY m.created_at DESC NULLS LAST, m.id DESC NULLS LAST
       LIMIT 1
    ) last ON true
   WHERE c2.id = c.id AND c.id = ANY(ids);
END;
$$;
--> statement-breakpoint
-- New messages: the conversation's latest message moves on, its unread count rises.
CREATE OR REPLACE FUNCTION conversations_on_message_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations c SET
    last_message_id = CASE WHEN c.last_message_at IS NULL
                             OR (n.created_at, n.id) > (c.last_message_at, c.last_message_id)
                           THEN n.id ELSE c.last_message_id END,
    last_message_at = CASE WHEN c.last_message_at IS NULL THEN n.created_at
                           ELSE greatest(c.last_message_at, n.created_at) END,
    unread_count = c.unread_count + n.unread
    FROM (
      SELECT DISTINCT ON (conversation_id) conversation_id, id, created_at,
             count(*) FILTER (WHERE read_at IS NULL AND author_kind = 'member') OVER (PARTITION BY conversation_id) AS unread
        FROM new_rows
       ORDER BY conversation_id, created_at DESC, id DESC
    ) n
   WHERE c.id = n.conversation_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_insert_conversations
  AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_on_message_insert();
--> statement-breakpoint
-- Messages marked read (or unread): the unread count follows, by the
-- difference. Messages moved to another conversation: both are recomputed.
CREATE OR REPLACE FUNCTION conversations_on_message_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  moved uuid[];
BEGIN
  SELECT array_agg(DISTINCT x) INTO moved FROM (
    SELECT n.conversation_id AS x FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.conversation_id <> o.conversation_id
    UNION
    SELECT o.conversation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.conversation_id <> o.conversation_id
  ) t;
  UPDATE conversations c SET unread_count = c.unread_count + d.delta
    FROM (
      SELECT n.conversation_id,
             sum((n.read_at IS NULL AND n.author_kind = 'member')::int
               - (o.read_at IS NULL AND o.author_kind = 'member')::int) AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.conversation_id = o.conversation_id
       GROUP BY n.conversation_id
    ) d
   WHERE c.id = d.conversation_id AND d.delta <> 0 AND NOT (c.id = ANY(coalesce(moved, '{}')));
  IF moved IS NOT NULL THEN PERFORM conversations_recompute(moved); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_update_conversations
  AFTER UPDATE ON chat_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_on_message_update();
--> statement-breakpoint
-- Messages deleted (a coach's account removed, its replies with it): the
-- conversations they belonged to are computed again from what remains.
CREATE OR REPLACE FUNCTION conversations_on_message_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversations_recompute(ARRAY(SELECT DISTINCT conversation_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_delete_conversations
  AFTER DELETE ON chat_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_on_message_delete();
--> statement-breakpoint
-- 0008's activity version, now for the conversation's member (a contact's conversation has none).
CREATE OR REPLACE FUNCTION chat_messages_raise_activity_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET activity_version = activity_version + 1
   WHERE id IN (SELECT member_id FROM conversations
                 WHERE id IN ((to_jsonb(OLD) ->> 'conversation_id')::uuid, (to_jsonb(NEW) ->> 'conversation_id')::uuid));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_raise_activity_version
  AFTER INSERT OR DELETE OR UPDATE OF message ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION chat_messages_raise_activity_version();
--> statement-breakpoint
-- The summaries of the conversations just made.
SELECT conversations_recompute(ARRAY(SELECT id FROM conversations));

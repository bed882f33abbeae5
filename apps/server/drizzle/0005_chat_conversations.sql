-- Each message names its conversation (the member's id), and one index reads a conversation newest first:
-- its pages and its latest message, for the admin inbox's list (decision 029).
ALTER TABLE "chat_messages" ADD COLUMN "member_id" text GENERATED ALWAYS AS (case when is_admin_message then recipient_id else sender_id end) STORED;--> statement-breakpoint
CREATE INDEX "chat_messages_member_created_idx" ON "chat_messages" USING btree ("member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
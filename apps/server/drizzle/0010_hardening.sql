-- Hardening (decision 049). A coach reply may lose its writer (sender_id null) when
-- that admin deletes their account; only a coach reply may (chat_messages_sender_known).
-- mail_outbox.user_id ties a mail to the account it was sent for, so deleting the
-- account deletes its queued mail wherever it goes. processed_payment_events.refused_reason
-- records a signed Stripe event that could not be read. Existing rows are kept as they are.
ALTER TABLE "chat_messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "processed_payment_events" ADD COLUMN "refused_reason" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_known" CHECK ("chat_messages"."sender_id" is not null or "chat_messages"."is_admin_message");
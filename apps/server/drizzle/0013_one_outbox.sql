-- One outbox for every outbound delivery, and one ledger for inbound events (decision 054).
-- mail_outbox's rows become the outbox's mail topic; processed_payment_events' rows the ledger's.
CREATE TABLE "inbound_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"refused_reason" text,
	CONSTRAINT "inbound_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"ordering_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"user_id" text,
	CONSTRAINT "outbox_status_valid" CHECK ("outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "outbox_topic_valid" CHECK ("outbox"."topic" in ('mail', 'webhook', 'inbound', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_user_idx" ON "outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_topic_created_idx" ON "outbox" USING btree ("topic","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_ordering_idx" ON "outbox" USING btree ("ordering_key","seq") WHERE "outbox"."status" = 'pending' and "outbox"."ordering_key" is not null;
--> statement-breakpoint
-- Mail waiting, sent or given up moves with nothing lost: the same ids (the log named them), states,
-- attempts and times; the mail itself becomes the mail topic's payload.
INSERT INTO "outbox" ("id", "topic", "payload", "status", "attempts", "next_attempt_at", "last_error", "created_at", "sent_at", "user_id")
SELECT "id", 'mail', jsonb_build_object('to', "to", 'subject', "subject", 'text', "text", 'html', "html"),
       "status", "attempts", "next_attempt_at", "last_error", "created_at", "sent_at", "user_id"
FROM "mail_outbox" ORDER BY "created_at", "id";--> statement-breakpoint
-- Payment events already handled stay handled: a repeat from Stripe (or a second local payment) is a duplicate.
INSERT INTO "inbound_events" ("provider", "event_id", "type", "received_at", "processed_at", "refused_reason")
SELECT "provider", "id", "type", "received_at", "received_at", "refused_reason" FROM "processed_payment_events";--> statement-breakpoint
-- A delivery written in any transaction wakes the workers when (and only if) it commits: the notice goes on
-- the realtime bus's channel as an outbox_due event (lib/outbox/worker.ts). NOTIFY is sent at commit, and
-- repeats within one transaction are merged, so one statement-level notice per insert is enough.
CREATE FUNCTION calm_notify_outbox_due() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('calm_realtime', '{"kind":"outbox_due"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outbox_notify_due AFTER INSERT ON "outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION calm_notify_outbox_due();
--> statement-breakpoint
DROP TABLE "processed_payment_events" CASCADE;--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;

CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"provider_media_id" text,
	"mime_type" text,
	"sha256" text,
	"size_bytes" bigint,
	"content" "bytea",
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp with time zone,
	CONSTRAINT "media_files_status_valid" CHECK ("media_files"."status" in ('pending', 'stored', 'failed')),
	CONSTRAINT "media_files_stored_has_content" CHECK ("media_files"."status" <> 'stored' or "media_files"."content" is not null)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wa_id" text,
	"bsuid" text,
	"phone" text,
	"profile_name" text,
	"member_id" text,
	"conversation_id" uuid,
	"linked_by" text,
	"linked_at" timestamp with time zone,
	"last_inbound_at" timestamp with time zone,
	"last_inbound_external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_contacts_wa_id_unique" UNIQUE("wa_id"),
	CONSTRAINT "whatsapp_contacts_bsuid_unique" UNIQUE("bsuid"),
	CONSTRAINT "whatsapp_contacts_member_id_unique" UNIQUE("member_id"),
	CONSTRAINT "whatsapp_contacts_identified" CHECK ("whatsapp_contacts"."wa_id" is not null or "whatsapp_contacts"."bsuid" is not null),
	CONSTRAINT "whatsapp_contacts_linked_by_valid" CHECK ("whatsapp_contacts"."linked_by" is null or "whatsapp_contacts"."linked_by" in ('reference', 'admin')),
	CONSTRAINT "whatsapp_contacts_link_complete" CHECK (("whatsapp_contacts"."member_id" is null) = ("whatsapp_contacts"."linked_at" is null))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_link_codes" (
	"member_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_link_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_local_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"direction" text NOT NULL,
	"phone" text NOT NULL,
	"external_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text,
	"mime_type" text,
	"content" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_local_messages_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "whatsapp_local_messages_direction_valid" CHECK ("whatsapp_local_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_topic_valid";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "reaction" text;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_link_codes" ADD CONSTRAINT "whatsapp_link_codes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_message_idx" ON "media_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_contacts_conversation_idx" ON "whatsapp_contacts" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "whatsapp_local_messages_phone_idx" ON "whatsapp_local_messages" USING btree ("phone","created_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_topic_valid" CHECK ("outbox"."topic" in ('mail', 'webhook', 'inbound', 'whatsapp', 'whatsapp_media'));
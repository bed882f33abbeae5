CREATE TABLE "coach_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"reply_to_message_id" uuid,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_drafts_status_valid" CHECK ("coach_drafts"."status" in ('pending', 'sent', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "coach_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_screenings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"source" text NOT NULL,
	"level" text NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_screenings_source_valid" CHECK ("coach_screenings"."source" in ('rules', 'model')),
	CONSTRAINT "coach_screenings_level_valid" CHECK ("coach_screenings"."level" in ('none', 'concern', 'high', 'imminent'))
);
--> statement-breakpoint
CREATE TABLE "coach_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_settings_single_row" CHECK ("coach_settings"."id" = 1),
	CONSTRAINT "coach_settings_mode_valid" CHECK ("coach_settings"."mode" in ('off', 'drafts', 'automatic'))
);
--> statement-breakpoint
CREATE TABLE "coach_usage" (
	"member_id" text NOT NULL,
	"day" date NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coach_usage_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_topic_valid";--> statement-breakpoint
DROP INDEX "conversations_inbox_order_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "automation_state" text DEFAULT 'on' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "automation_state_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "automation_state_changed_by" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "urgent_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "risk_level" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "risk_categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "ai_disclosed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "coach_summary" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "coach_summary_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coach_drafts" ADD CONSTRAINT "coach_drafts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_drafts" ADD CONSTRAINT "coach_drafts_reply_to_message_id_chat_messages_id_fk" FOREIGN KEY ("reply_to_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_drafts" ADD CONSTRAINT "coach_drafts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_notes" ADD CONSTRAINT "coach_notes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_screenings" ADD CONSTRAINT "coach_screenings_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_screenings" ADD CONSTRAINT "coach_screenings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_settings" ADD CONSTRAINT "coach_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_usage" ADD CONSTRAINT "coach_usage_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_drafts_one_pending_idx" ON "coach_drafts" USING btree ("conversation_id") WHERE "coach_drafts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "coach_notes_member_idx" ON "coach_notes" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "coach_screenings_message_source_idx" ON "coach_screenings" USING btree ("message_id","source");--> statement-breakpoint
CREATE INDEX "coach_screenings_conversation_idx" ON "coach_screenings" USING btree ("conversation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coach_usage_day_idx" ON "coach_usage" USING btree ("day");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_automation_state_changed_by_users_id_fk" FOREIGN KEY ("automation_state_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_inbox_order_idx" ON "conversations" USING btree (("urgent_since" is not null) desc,"unread_count" DESC NULLS LAST,"last_message_at" DESC NULLS LAST,"id") WHERE "conversations"."last_message_id" is not null;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_origin_valid" CHECK ("chat_messages"."origin" is null or "chat_messages"."origin" in ('model', 'scripted', 'safety', 'external'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_automation_state_valid" CHECK ("conversations"."automation_state" in ('on', 'paused', 'handed_to_human', 'crisis'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_risk_level_valid" CHECK ("conversations"."risk_level" in ('none', 'concern', 'high', 'imminent'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_crisis_is_urgent" CHECK ("conversations"."automation_state" <> 'crisis' or "conversations"."urgent_since" is not null);--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_topic_valid" CHECK ("outbox"."topic" in ('mail', 'webhook', 'inbound', 'whatsapp', 'whatsapp_media', 'coach'));
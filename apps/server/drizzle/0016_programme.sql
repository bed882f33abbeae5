CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"delivery_id" uuid,
	"score" integer NOT NULL,
	"note" text,
	"risk_level" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_score_range" CHECK ("checkins"."score" between 0 and 10),
	CONSTRAINT "checkins_note_length" CHECK ("checkins"."note" is null or length("checkins"."note") <= 280),
	CONSTRAINT "checkins_risk_level_valid" CHECK ("checkins"."risk_level" in ('none', 'concern', 'high', 'imminent'))
);
--> statement-breakpoint
CREATE TABLE "member_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"template_id" uuid,
	"if_text" text NOT NULL,
	"then_text" text NOT NULL,
	"size" integer DEFAULT 3 NOT NULL,
	"focus_area_id" uuid,
	"source" text DEFAULT 'library' NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "member_steps_size_valid" CHECK ("member_steps"."size" between 1 and 3),
	CONSTRAINT "member_steps_source_valid" CHECK ("member_steps"."source" in ('library', 'ai', 'coach')),
	CONSTRAINT "member_steps_status_valid" CHECK ("member_steps"."status" in ('offered', 'accepted', 'done', 'not_done', 'swapped'))
);
--> statement-breakpoint
CREATE TABLE "programme_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"skip_reason" text,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "programme_deliveries_once_key" UNIQUE("user_id","kind","period_key"),
	CONSTRAINT "programme_deliveries_kind_valid" CHECK ("programme_deliveries"."kind" in ('checkin', 'step_reminder', 'weekly_summary')),
	CONSTRAINT "programme_deliveries_status_valid" CHECK ("programme_deliveries"."status" in ('queued', 'sent', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "programme_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"checkins_enabled" boolean DEFAULT false NOT NULL,
	"checkin_time" text DEFAULT '09:00' NOT NULL,
	"checkin_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL,
	"step_reminders_enabled" boolean DEFAULT false NOT NULL,
	"step_reminder_time" text DEFAULT '12:30' NOT NULL,
	"summaries_enabled" boolean DEFAULT false NOT NULL,
	"summary_day" integer DEFAULT 7 NOT NULL,
	"summary_time" text DEFAULT '18:00' NOT NULL,
	"quiet_start" text DEFAULT '21:00' NOT NULL,
	"quiet_end" text DEFAULT '08:00' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"mail_nudges" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_settings_checkin_time_valid" CHECK ("programme_settings"."checkin_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "programme_settings_step_time_valid" CHECK ("programme_settings"."step_reminder_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "programme_settings_summary_time_valid" CHECK ("programme_settings"."summary_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "programme_settings_quiet_start_valid" CHECK ("programme_settings"."quiet_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "programme_settings_quiet_end_valid" CHECK ("programme_settings"."quiet_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "programme_settings_summary_day_valid" CHECK ("programme_settings"."summary_day" between 1 and 7),
	CONSTRAINT "programme_settings_checkin_days_valid" CHECK ("programme_settings"."checkin_days" <@ '{1,2,3,4,5,6,7}'::integer[])
);
--> statement-breakpoint
CREATE TABLE "step_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"focus_area_id" uuid NOT NULL,
	"if_text" text NOT NULL,
	"then_text" text NOT NULL,
	"size" integer DEFAULT 3 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_templates_text_key" UNIQUE("focus_area_id","if_text","then_text"),
	CONSTRAINT "step_templates_size_valid" CHECK ("step_templates"."size" between 1 and 3),
	CONSTRAINT "step_templates_if_length" CHECK (length(btrim("step_templates"."if_text")) between 1 and 200),
	CONSTRAINT "step_templates_then_length" CHECK (length(btrim("step_templates"."then_text")) between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "weekly_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"week_end" date NOT NULL,
	"numbers" jsonb NOT NULL,
	"text" text NOT NULL,
	"prose_source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_summaries_user_week_key" UNIQUE("user_id","week_start"),
	CONSTRAINT "weekly_summaries_prose_source_valid" CHECK ("weekly_summaries"."prose_source" in ('model', 'scripted'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_topic_valid";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "programme" jsonb;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_delivery_id_programme_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."programme_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_steps" ADD CONSTRAINT "member_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_steps" ADD CONSTRAINT "member_steps_template_id_step_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."step_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_steps" ADD CONSTRAINT "member_steps_focus_area_id_focus_areas_id_fk" FOREIGN KEY ("focus_area_id") REFERENCES "public"."focus_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_deliveries" ADD CONSTRAINT "programme_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_deliveries" ADD CONSTRAINT "programme_deliveries_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_settings" ADD CONSTRAINT "programme_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_templates" ADD CONSTRAINT "step_templates_focus_area_id_focus_areas_id_fk" FOREIGN KEY ("focus_area_id") REFERENCES "public"."focus_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_summaries" ADD CONSTRAINT "weekly_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkins_user_created_idx" ON "checkins" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_one_per_delivery_idx" ON "checkins" USING btree ("delivery_id") WHERE "checkins"."delivery_id" is not null;--> statement-breakpoint
CREATE INDEX "member_steps_user_offered_idx" ON "member_steps" USING btree ("user_id","offered_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "member_steps_one_open_idx" ON "member_steps" USING btree ("user_id") WHERE "member_steps"."status" in ('offered', 'accepted');--> statement-breakpoint
CREATE INDEX "programme_deliveries_user_created_idx" ON "programme_deliveries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "step_templates_focus_idx" ON "step_templates" USING btree ("focus_area_id","is_active","sort_order");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_topic_valid" CHECK ("outbox"."topic" in ('mail', 'webhook', 'inbound', 'whatsapp', 'whatsapp_media', 'coach', 'programme'));
CREATE TABLE "coach_notification_state" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"digest_covered_through" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reply_mails" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_mail_log" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"covered_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coach_notification_state" ADD CONSTRAINT "coach_notification_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_mail_log" ADD CONSTRAINT "reply_mail_log_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;
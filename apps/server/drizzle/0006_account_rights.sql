CREATE TABLE "pending_email_changes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retained_payment_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"plan_key" text NOT NULL,
	"billing_period" text,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone,
	"account_deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"keep_until" timestamp with time zone NOT NULL,
	CONSTRAINT "retained_payment_records_provider_valid" CHECK ("retained_payment_records"."provider" in ('stripe', 'local'))
);
--> statement-breakpoint
ALTER TABLE "pending_email_changes" ADD CONSTRAINT "pending_email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retained_payment_records_keep_until_idx" ON "retained_payment_records" USING btree ("keep_until");
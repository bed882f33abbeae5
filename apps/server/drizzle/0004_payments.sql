CREATE TABLE "beta_seats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_key" text NOT NULL,
	"billing_period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "local_checkout_sessions_billing_period_valid" CHECK ("local_checkout_sessions"."billing_period" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_provider_customer_id_unique" UNIQUE("provider_customer_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "trial_conversation_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "state_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "beta_seats" ADD CONSTRAINT "beta_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD CONSTRAINT "local_checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_billing_period_valid" CHECK ("subscriptions"."billing_period" in ('month', 'year'));
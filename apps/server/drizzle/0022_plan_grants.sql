CREATE TABLE "plan_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_key" text NOT NULL,
	"source" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_grants_source_valid" CHECK ("plan_grants"."source" in ('offer', 'admin')),
	CONSTRAINT "plan_grants_ends_after_start" CHECK ("plan_grants"."ends_at" >= "plan_grants"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "plan_grants" ADD CONSTRAINT "plan_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD CONSTRAINT "plan_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_grants_user_id_idx" ON "plan_grants" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_grants_one_offer_per_member" ON "plan_grants" USING btree ("user_id") WHERE "plan_grants"."source" = 'offer';
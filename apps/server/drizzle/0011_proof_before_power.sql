CREATE TABLE "email_change_undos" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_change_undos" ADD CONSTRAINT "email_change_undos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_undos_user_id_idx" ON "email_change_undos" USING btree ("user_id");--> statement-breakpoint
-- Decision 046: an account whose address was never proven holds no session.
-- Sessions made before that rule (sign-in used to work before the confirmation
-- link was followed) end here; the session guard refuses them anyway.
DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE NOT "email_verified");

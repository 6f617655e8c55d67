CREATE TABLE "staff_login_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"pending_totp_secret" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_login_challenges_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "parent_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD CONSTRAINT "staff_login_challenges_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_login_challenges_staff_idx" ON "staff_login_challenges" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_parent_staff_id_staff_users_id_fk" FOREIGN KEY ("parent_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text,
	"sort_order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"agent_code" text,
	"totp_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_username_key" UNIQUE("username"),
	CONSTRAINT "staff_users_agent_code_key" UNIQUE("agent_code"),
	CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" in ('admin', 'agent'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"username_lower" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"mobile" text,
	"country_code" text DEFAULT '91' NOT NULL,
	"type_id" integer DEFAULT 3 NOT NULL,
	"parent_id" bigint DEFAULT 81026 NOT NULL,
	"agent_code" text,
	"source" text,
	"tracking_id" text,
	"registration_ip" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_lower_key" UNIQUE("username_lower"),
	CONSTRAINT "users_mobile_key" UNIQUE("mobile"),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'locked', 'closed'))
);
--> statement-breakpoint
CREATE INDEX "announcements_active_created_at_idx" ON "announcements" USING btree ("active","created_at");--> statement-breakpoint
CREATE INDEX "banners_enabled_sort_order_idx" ON "banners" USING btree ("enabled","sort_order");--> statement-breakpoint
CREATE INDEX "users_demo_idx" ON "users" USING btree ("id") WHERE "users"."is_demo";--> statement-breakpoint
CREATE INDEX "users_agent_code_idx" ON "users" USING btree ("agent_code");
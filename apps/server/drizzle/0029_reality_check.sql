-- Safer play, sessions (issue 42 item 2): a player's reality-check interval and session time
-- limit (null: off). One row per player who ever set them; every change is in audit_log.
CREATE TABLE "rg_session_settings" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer,
	"session_limit_minutes" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_session_settings_reality_check_check" CHECK ("rg_session_settings"."reality_check_minutes" is null or "rg_session_settings"."reality_check_minutes" between 15 and 120),
	CONSTRAINT "rg_session_settings_session_limit_check" CHECK ("rg_session_settings"."session_limit_minutes" is null or "rg_session_settings"."session_limit_minutes" between 15 and 1440)
);
--> statement-breakpoint
ALTER TABLE "rg_session_settings" ADD CONSTRAINT "rg_session_settings_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;

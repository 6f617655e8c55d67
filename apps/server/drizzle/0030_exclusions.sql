-- Safer play: time-outs and self-exclusions (issue 42 item 3, docs/safer-play-exclusion.md).
-- One row per time-out or self-exclusion a player took; nothing ever shortens or deletes one.
-- The wallet's own row (wallet_versions.excluded_until, time_out_until) carries what the money
-- moves enforce; this table is the history and what the screens show.
CREATE TABLE "player_exclusions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"return_requested_at" timestamp with time zone,
	"returns_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_exclusions_kind_check" CHECK ("player_exclusions"."kind" in ('time_out', 'self_exclusion')),
	CONSTRAINT "player_exclusions_ends_after_start" CHECK ("player_exclusions"."ends_at" > "player_exclusions"."starts_at"),
	CONSTRAINT "player_exclusions_return_kind" CHECK ("player_exclusions"."return_requested_at" is null or "player_exclusions"."kind" = 'self_exclusion')
);
--> statement-breakpoint
ALTER TABLE "player_exclusions" ADD CONSTRAINT "player_exclusions_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_exclusions_player_idx" ON "player_exclusions" USING btree ("player_id","id");--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_revoke_reason_check";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_revoke_reason_check" CHECK ("sessions"."revoke_reason" is null or "sessions"."revoke_reason" in ('signout', 'password_changed', 'password_reset', 'account_locked', 'excluded'));

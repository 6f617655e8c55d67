-- Safer play limits (issue 42 item 1; docs/safer-play-limits.md). The player's deposit, loss
-- and stake limits live on the wallet's own player row, read under its lock by every money
-- transaction, so the pure limit policies judge them in memory (null: no limit, nothing more
-- read). The history of every change, and when the player was last prompted and reviewed.
ALTER TABLE "wallet_versions" ADD COLUMN "limits" jsonb;--> statement-breakpoint
CREATE TABLE "safer_play_limit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"name" text,
	"change" text NOT NULL,
	"from_paise" bigint,
	"to_paise" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	CONSTRAINT "safer_play_limit_changes_change_check" CHECK ("change" in ('set', 'decrease', 'increase', 'removal', 'cancel', 'skip', 'review'))
);--> statement-breakpoint
CREATE INDEX "safer_play_limit_changes_player_idx" ON "safer_play_limit_changes" USING btree ("player_id","id");--> statement-breakpoint
CREATE TABLE "safer_play_limit_players" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"prompted_at" timestamp with time zone,
	"deposit_prompted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone
);

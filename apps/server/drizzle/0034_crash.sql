-- The crash game (issue 43, docs/crash-game.md): the hash chain (the secret seed and a
-- checkpoint every ~sqrt(N) links), the staff's settings (one row), the rounds and the bets.
-- Money lives in the wallet's tables (product 'crash').
CREATE TABLE "crash_chains" (
	"id" integer PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"length" integer NOT NULL,
	"segment" integer NOT NULL,
	"terminating_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"built_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crash_chain_checkpoints" (
	"chain_id" integer NOT NULL,
	"round_number" integer NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "crash_chain_checkpoints_chain_id_round_number_pk" PRIMARY KEY("chain_id","round_number")
);
--> statement-breakpoint
CREATE TABLE "crash_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"house_edge_basis_points" integer DEFAULT 300 NOT NULL,
	"max_multiplier_hundredths" integer DEFAULT 1000000 NOT NULL,
	"min_stake_paise" bigint DEFAULT 1000 NOT NULL,
	"max_stake_per_round_paise" bigint DEFAULT 750000 NOT NULL,
	"max_return_paise" bigint DEFAULT 7500000 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_staff_id" bigint,
	CONSTRAINT "crash_settings_values_check" CHECK ("crash_settings"."house_edge_basis_points" between 0 and 9999
        and "crash_settings"."max_multiplier_hundredths" >= 101
        and "crash_settings"."min_stake_paise" > 0
        and "crash_settings"."max_stake_per_round_paise" >= "crash_settings"."min_stake_paise"
        and "crash_settings"."max_return_paise" >= "crash_settings"."max_stake_per_round_paise")
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" integer PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"salt" text NOT NULL,
	"salt_commitment" text NOT NULL,
	"crash_point_hundredths" integer NOT NULL,
	"house_edge_basis_points" integer NOT NULL,
	"max_multiplier_hundredths" integer NOT NULL,
	"min_stake_paise" bigint NOT NULL,
	"max_stake_per_round_paise" bigint NOT NULL,
	"max_return_paise" bigint NOT NULL,
	"phase" text NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"flight_started_at" timestamp with time zone,
	"crashed_at" timestamp with time zone,
	"incident" text,
	"players" integer DEFAULT 0 NOT NULL,
	"total_stake_paise" bigint DEFAULT 0 NOT NULL,
	"total_payout_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_rounds_phase_check" CHECK (phase in ('betting', 'flying', 'crashed')),
	CONSTRAINT "crash_rounds_incident_check" CHECK (incident is null or incident in ('refunded_before_flight', 'crashed_on_recovery'))
);
--> statement-breakpoint
CREATE TABLE "crash_bets" (
	"id" text PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"player_label" text NOT NULL,
	"panel" smallint NOT NULL,
	"stake_paise" bigint NOT NULL,
	"auto_cash_out_hundredths" integer,
	"client_bet_id" text NOT NULL,
	"status" text NOT NULL,
	"cash_out_hundredths" integer,
	"cash_out_kind" text,
	"payout_paise" bigint,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "crash_bets_stake_check" CHECK ("crash_bets"."stake_paise" > 0),
	CONSTRAINT "crash_bets_panel_check" CHECK ("crash_bets"."panel" in (0, 1)),
	CONSTRAINT "crash_bets_status_check" CHECK (status in ('active', 'cashed_out', 'lost', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "crash_chain_checkpoints" ADD CONSTRAINT "crash_chain_checkpoints_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_settings" ADD CONSTRAINT "crash_settings_updated_by_staff_id_staff_users_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_round_id_crash_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crash_rounds_crashed_at_idx" ON "crash_rounds" USING btree ("crashed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_client_key" ON "crash_bets" USING btree ("player_id","client_bet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_panel_key" ON "crash_bets" USING btree ("round_id","player_id","panel") WHERE "crash_bets"."status" <> 'refunded';--> statement-breakpoint
CREATE INDEX "crash_bets_round_idx" ON "crash_bets" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "crash_bets_player_idx" ON "crash_bets" USING btree ("player_id","placed_at");--> statement-breakpoint
INSERT INTO "crash_settings" ("id") VALUES (1);

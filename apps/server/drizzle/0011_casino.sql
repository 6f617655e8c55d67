CREATE TABLE "casino_favourites" (
	"player_id" bigint NOT NULL,
	"game_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casino_favourites_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "casino_games" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"provider_game_id" text NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"category" text NOT NULL,
	"thumbnail" text NOT NULL,
	"min_bet_paise" bigint NOT NULL,
	"max_bet_paise" bigint NOT NULL,
	"rtp_basis_points" integer NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"spm_kind" text,
	"betting_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casino_games_family_check" CHECK (family in ('live-casino', 'live-show', 'jacktop', 'jetfair', 'spm')),
	CONSTRAINT "casino_games_bets_check" CHECK ("casino_games"."min_bet_paise" > 0 and "casino_games"."max_bet_paise" >= "casino_games"."min_bet_paise")
);
--> statement-breakpoint
CREATE TABLE "casino_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"launch_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_recent_plays" (
	"player_id" bigint NOT NULL,
	"game_id" text NOT NULL,
	"last_played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "casino_recent_plays_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "casino_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"provider_round_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"game_id" text NOT NULL,
	"status" text NOT NULL,
	"play_money" boolean NOT NULL,
	"staked_paise" bigint DEFAULT 0 NOT NULL,
	"won_paise" bigint DEFAULT 0 NOT NULL,
	"refunded_paise" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "casino_rounds_status_check" CHECK (status in ('open', 'closed', 'rolled_back'))
);
--> statement-breakpoint
CREATE TABLE "casino_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"launch_token_hash" text NOT NULL,
	"session_token_hash" text,
	"player_id" bigint NOT NULL,
	"game_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"play_money" boolean NOT NULL,
	"launch_expires_at" timestamp with time zone NOT NULL,
	"exchanged_at" timestamp with time zone,
	"session_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"request_hash" text NOT NULL,
	"round_id" bigint,
	"provider_round_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"game_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"applied_paise" bigint NOT NULL,
	"reference_transaction_id" text,
	"status" text NOT NULL,
	"answer" jsonb NOT NULL,
	"wallet_operation_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spm_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"spot" text NOT NULL,
	"stake_paise" bigint NOT NULL,
	"payout_paise" bigint,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"bet_transaction_id" text NOT NULL,
	"win_transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spm_bets_stake_check" CHECK ("spm_bets"."stake_paise" > 0),
	CONSTRAINT "spm_bets_status_check" CHECK (status in ('pending', 'accepted', 'won', 'lost', 'refunded', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "spm_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"number" integer NOT NULL,
	"phase" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"betting_closes_at" timestamp with time zone NOT NULL,
	"outcome" jsonb,
	"result_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "spm_rounds_phase_check" CHECK (phase in ('betting', 'dealing', 'settled'))
);
--> statement-breakpoint
ALTER TABLE "casino_favourites" ADD CONSTRAINT "casino_favourites_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_favourites" ADD CONSTRAINT "casino_favourites_game_id_casino_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."casino_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_games" ADD CONSTRAINT "casino_games_provider_id_casino_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."casino_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_recent_plays" ADD CONSTRAINT "casino_recent_plays_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_recent_plays" ADD CONSTRAINT "casino_recent_plays_game_id_casino_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."casino_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_provider_id_casino_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."casino_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_game_id_casino_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."casino_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_sessions" ADD CONSTRAINT "casino_sessions_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_sessions" ADD CONSTRAINT "casino_sessions_game_id_casino_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."casino_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_sessions" ADD CONSTRAINT "casino_sessions_provider_id_casino_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."casino_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_provider_id_casino_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."casino_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_round_id_casino_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."casino_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spm_bets" ADD CONSTRAINT "spm_bets_round_id_spm_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."spm_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spm_bets" ADD CONSTRAINT "spm_bets_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_games_provider_game_key" ON "casino_games" USING btree ("provider_id","provider_game_id");--> statement-breakpoint
CREATE INDEX "casino_games_family_order_idx" ON "casino_games" USING btree ("family","sort_order");--> statement-breakpoint
CREATE INDEX "casino_recent_plays_player_idx" ON "casino_recent_plays" USING btree ("player_id","last_played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_rounds_provider_round_player_key" ON "casino_rounds" USING btree ("provider_id","provider_round_id","player_id");--> statement-breakpoint
CREATE INDEX "casino_rounds_player_idx" ON "casino_rounds" USING btree ("player_id","started_at");--> statement-breakpoint
CREATE INDEX "casino_rounds_game_started_idx" ON "casino_rounds" USING btree ("game_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_sessions_launch_key" ON "casino_sessions" USING btree ("launch_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_sessions_session_key" ON "casino_sessions" USING btree ("session_token_hash");--> statement-breakpoint
CREATE INDEX "casino_sessions_player_idx" ON "casino_sessions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_transactions_provider_tx_key" ON "casino_transactions" USING btree ("provider_id","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "casino_transactions_round_idx" ON "casino_transactions" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "casino_transactions_player_idx" ON "casino_transactions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "casino_transactions_game_created_idx" ON "casino_transactions" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spm_bets_player_key" ON "spm_bets" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "spm_bets_bet_transaction_key" ON "spm_bets" USING btree ("bet_transaction_id");--> statement-breakpoint
CREATE INDEX "spm_bets_round_idx" ON "spm_bets" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spm_rounds_table_number_key" ON "spm_rounds" USING btree ("table_id","number");
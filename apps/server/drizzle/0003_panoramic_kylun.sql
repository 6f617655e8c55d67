CREATE TABLE "competitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"competition_id" bigint NOT NULL,
	"name" text NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"live_tv_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_status_check" CHECK ("events"."status" in ('upcoming', 'in_play', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"market_id" bigint NOT NULL,
	"runner_id" bigint NOT NULL,
	"taker_order_id" bigint NOT NULL,
	"maker_order_id" bigint NOT NULL,
	"taker_player_id" bigint NOT NULL,
	"maker_player_id" bigint NOT NULL,
	"taker_side" text NOT NULL,
	"price_hundredths" integer NOT NULL,
	"stake_paise" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_exposures" (
	"player_id" bigint NOT NULL,
	"market_id" bigint NOT NULL,
	"exposure_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"in_play" boolean DEFAULT false NOT NULL,
	"min_stake_paise" bigint NOT NULL,
	"max_stake_paise" bigint NOT NULL,
	"max_profit_paise" bigint NOT NULL,
	"in_play_delay_ms" integer DEFAULT 0 NOT NULL,
	"commission_bps" integer DEFAULT 0 NOT NULL,
	"line" integer,
	"yes_rate" integer,
	"no_rate" integer,
	"version" bigint DEFAULT 0 NOT NULL,
	"settled_version" integer DEFAULT 0 NOT NULL,
	"result_runner_id" bigint,
	"result_value" integer,
	"result_void" boolean,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markets_type_check" CHECK ("markets"."type" in ('match_odds', 'bookmaker', 'fancy')),
	CONSTRAINT "markets_status_check" CHECK ("markets"."status" in ('open', 'suspended', 'closed', 'settled', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"market_id" bigint NOT NULL,
	"runner_id" bigint,
	"side" text NOT NULL,
	"price_hundredths" integer,
	"rate" integer,
	"line" integer,
	"stake_paise" bigint NOT NULL,
	"matched_paise" bigint DEFAULT 0 NOT NULL,
	"cancelled_paise" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb,
	"seq" bigint NOT NULL,
	"profit_loss_paise" bigint,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_side_check" CHECK ("orders"."side" in ('back', 'lay', 'yes', 'no')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."stake_paise" > 0 and "orders"."matched_paise" >= 0 and "orders"."cancelled_paise" >= 0 and "orders"."matched_paise" + "orders"."cancelled_paise" <= "orders"."stake_paise")
);
--> statement-breakpoint
CREATE TABLE "runners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"market_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	"back_rate" integer,
	"lay_rate" integer
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"market_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"result" jsonb NOT NULL,
	"player_postings" jsonb NOT NULL,
	"actor_staff_id" bigint,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_runner_id_runners_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."runners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_taker_order_id_orders_id_fk" FOREIGN KEY ("taker_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_maker_order_id_orders_id_fk" FOREIGN KEY ("maker_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_exposures" ADD CONSTRAINT "market_exposures_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_exposures" ADD CONSTRAINT "market_exposures_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_runner_id_runners_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."runners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_status_start_idx" ON "events" USING btree ("status","start_time");--> statement-breakpoint
CREATE INDEX "fills_market_idx" ON "fills" USING btree ("market_id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_exposures_player_market_key" ON "market_exposures" USING btree ("player_id","market_id");--> statement-breakpoint
CREATE INDEX "market_exposures_market_idx" ON "market_exposures" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "markets_event_idx" ON "markets" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_player_idempotency_key" ON "orders" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_market_status_idx" ON "orders" USING btree ("market_id","status");--> statement-breakpoint
CREATE INDEX "orders_player_created_idx" ON "orders" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "runners_market_idx" ON "runners" USING btree ("market_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_market_version_key" ON "settlements" USING btree ("market_id","version");
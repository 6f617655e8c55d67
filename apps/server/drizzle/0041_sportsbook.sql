-- The sportsbook (docs/sportsbook.md): the bets Betby (or the platform's stand-in for it)
-- takes through the operator API, and the signing keys the platform keeps for the
-- stand-in and for its players' tokens when none are configured. The money is the wallet's
-- (product 'sportsbook', a hold per bet); these rows say which bet it belongs to and its fate.
CREATE TABLE "sportsbook_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"bet_transaction_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"betslip_id" text NOT NULL,
	"slip_type" text NOT NULL,
	"total_odds" text NOT NULL,
	"stake_paise" bigint NOT NULL,
	"potential_win_paise" bigint NOT NULL,
	"payout_paise" bigint,
	"play_money" boolean NOT NULL,
	"legs" jsonb NOT NULL,
	"status" text NOT NULL,
	"settle_transaction_id" text,
	"committed_at" timestamp with time zone,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sportsbook_bets_status_check" CHECK ("sportsbook_bets"."status" in ('open', 'won', 'lost', 'refunded', 'cashed_out', 'discarded')),
	CONSTRAINT "sportsbook_bets_amounts_check" CHECK ("sportsbook_bets"."stake_paise" > 0 and "sportsbook_bets"."potential_win_paise" >= 0 and ("sportsbook_bets"."payout_paise" is null or "sportsbook_bets"."payout_paise" >= 0)),
	CONSTRAINT "sportsbook_bets_settled_check" CHECK (("sportsbook_bets"."status" = 'open') = ("sportsbook_bets"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "sportsbook_bets" ADD CONSTRAINT "sportsbook_bets_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sportsbook_bets_transaction_key" ON "sportsbook_bets" USING btree ("provider","bet_transaction_id");--> statement-breakpoint
CREATE INDEX "sportsbook_bets_player_idx" ON "sportsbook_bets" USING btree ("player_id","placed_at");--> statement-breakpoint
CREATE INDEX "sportsbook_bets_open_idx" ON "sportsbook_bets" USING btree ("player_id") WHERE "sportsbook_bets"."status" = 'open';--> statement-breakpoint
CREATE TABLE "sportsbook_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"private_pem" text NOT NULL,
	"public_pem" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The stand-in's own books (modules/sportsbook/standin/standin-tables.ts): each bet as the
-- provider keeps it, its legs on the exchange's markets, and how the sweeper settled it.
CREATE TABLE "sportsbook_stand_in_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_transaction_id" text NOT NULL,
	"betslip_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"stake_cents" bigint NOT NULL,
	"total_odds" text NOT NULL,
	"potential_win_cents" bigint NOT NULL,
	"selections" jsonb NOT NULL,
	"status" text NOT NULL,
	"refusal" text,
	"result" text,
	"settle_transaction_id" text,
	"payout_cents" bigint,
	"committed_at" timestamp with time zone,
	"swept_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sportsbook_stand_in_bets_status_check" CHECK ("sportsbook_stand_in_bets"."status" in ('pending', 'refused', 'open', 'settled', 'discarded')),
	CONSTRAINT "sportsbook_stand_in_bets_result_check" CHECK ("sportsbook_stand_in_bets"."result" is null or "sportsbook_stand_in_bets"."result" in ('won', 'lost', 'refund')),
	CONSTRAINT "sportsbook_stand_in_bets_currency_check" CHECK ("sportsbook_stand_in_bets"."currency" in ('INR', 'PTS')),
	CONSTRAINT "sportsbook_stand_in_bets_amounts_check" CHECK ("sportsbook_stand_in_bets"."stake_cents" > 0 and "sportsbook_stand_in_bets"."potential_win_cents" >= 0 and ("sportsbook_stand_in_bets"."payout_cents" is null or "sportsbook_stand_in_bets"."payout_cents" >= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sportsbook_stand_in_bets_transaction_key" ON "sportsbook_stand_in_bets" USING btree ("bet_transaction_id");--> statement-breakpoint
CREATE INDEX "sportsbook_stand_in_bets_sweep_idx" ON "sportsbook_stand_in_bets" USING btree ("swept_at") WHERE "sportsbook_stand_in_bets"."status" in ('pending', 'open');

ALTER TABLE "wallet_versions" ALTER COLUMN "version" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "wallet_versions" ADD COLUMN "money_mode" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_versions" ADD COLUMN "excluded_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_versions" ADD COLUMN "time_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_versions" ADD COLUMN "funding_terms" jsonb;--> statement-breakpoint
ALTER TABLE "wallet_versions" ADD CONSTRAINT "wallet_versions_money_mode_check" CHECK ("wallet_versions"."money_mode" in ('real', 'play'));--> statement-breakpoint
UPDATE "wallet_versions" v SET "money_mode" = 'play' FROM "users" u WHERE u."id" = v."player_id" AND u."is_demo";--> statement-breakpoint
INSERT INTO "wallet_versions" ("player_id", "version", "money_mode")
SELECT u."id", 0, CASE WHEN u."is_demo" THEN 'play' ELSE 'real' END FROM "users" u
ON CONFLICT ("player_id") DO NOTHING;--> statement-breakpoint
CREATE TABLE "wallet_player_hours" (
	"player_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"deposited_paise" bigint DEFAULT 0 NOT NULL,
	"staked_paise" bigint DEFAULT 0 NOT NULL,
	"won_paise" bigint DEFAULT 0 NOT NULL,
	"lost_paise" bigint DEFAULT 0 NOT NULL,
	"net_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_player_hours_player_id_hour_pk" PRIMARY KEY("player_id","hour")
);

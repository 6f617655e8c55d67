CREATE TABLE "wallet_rounds" (
	"player_id" bigint NOT NULL,
	"product" text NOT NULL,
	"round_id" text NOT NULL,
	"state" text NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "wallet_rounds_player_id_product_round_id_pk" PRIMARY KEY("player_id","product","round_id"),
	CONSTRAINT "wallet_rounds_state_check" CHECK ("wallet_rounds"."state" in ('open', 'closed')),
	CONSTRAINT "wallet_rounds_closed_at_check" CHECK (("wallet_rounds"."state" = 'closed') = ("wallet_rounds"."closed_at" is not null))
);--> statement-breakpoint
-- Until now a round closed when it paid out (a win or a settlement not undone): those rounds
-- stay closed, so a provider's late rollback of their stakes is still refused.
INSERT INTO "wallet_rounds" ("player_id", "product", "round_id", "state", "closed_at")
SELECT "player_id", "product", "round_id", 'closed', max("created_at")
FROM "wallet_operations"
WHERE "operation" in ('win', 'settle') AND "status" = 'done'
GROUP BY "player_id", "product", "round_id"
ON CONFLICT DO NOTHING;

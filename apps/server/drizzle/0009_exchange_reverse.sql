ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_operation_check";--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_operation_check" CHECK (operation in ('stake', 'release', 'win', 'settle', 'rollback', 'reverse'));--> statement-breakpoint
-- The exchange now moves its holds through the wallet API: its open exposures become the
-- wallet's holds of round 'market:{id}', so both count the same number from here on.
INSERT INTO "wallet_holds" ("player_id", "product", "round_id", "held_paise")
SELECT "player_id", 'exchange', 'market:' || "market_id", "exposure_paise"
FROM "market_exposures" WHERE "exposure_paise" > 0
ON CONFLICT DO NOTHING;

-- Leases keyed by resource (`kind:id`), not only by exchange market id: a crash game or a
-- sportsbook event gets one owner across nodes the way a market has. Existing market leases
-- keep their owner, token and expiry under `exchange-market:<id>`, so a node running during
-- the upgrade keeps fencing with the token it holds.
ALTER TABLE "market_leases" RENAME TO "resource_leases";
--> statement-breakpoint
ALTER TABLE "resource_leases" ADD COLUMN "resource" text;
--> statement-breakpoint
UPDATE "resource_leases" SET "resource" = 'exchange-market:' || "market_id"::text;
--> statement-breakpoint
ALTER TABLE "resource_leases" DROP CONSTRAINT "market_leases_pkey";
--> statement-breakpoint
ALTER TABLE "resource_leases" DROP COLUMN "market_id";
--> statement-breakpoint
ALTER TABLE "resource_leases" ALTER COLUMN "resource" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "resource_leases" ADD CONSTRAINT "resource_leases_pkey" PRIMARY KEY ("resource");
--> statement-breakpoint
ALTER INDEX "market_leases_owner_idx" RENAME TO "resource_leases_owner_idx";

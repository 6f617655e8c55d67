-- Funding parts (issue 41 item 6): which of the player's wallets (cash, and the bonus wallets
-- coins and sports) an operation's money came from or went to, and a hold's money per
-- wallet. Null means every part is cash: every row written before, and every row while only
-- cash funds stakes, so nothing is backfilled and the hot writes store nothing more.
ALTER TABLE "wallet_operations" ADD COLUMN "parts" jsonb;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD COLUMN "hold_parts" jsonb;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD COLUMN "parts" jsonb;

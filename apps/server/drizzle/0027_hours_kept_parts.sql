-- A player's hour row keeps only what is added up (deposited, staked, won): lost and net are
-- derived from them by every reader (wallet-totals.ts windowOf), so storing them was a second
-- truth to keep in step and two more columns for every batch's upsert to add to.
ALTER TABLE "wallet_player_hours" DROP COLUMN "lost_paise";--> statement-breakpoint
ALTER TABLE "wallet_player_hours" DROP COLUMN "net_paise";

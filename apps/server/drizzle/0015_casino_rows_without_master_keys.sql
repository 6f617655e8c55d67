ALTER TABLE "casino_rounds" DROP CONSTRAINT "casino_rounds_provider_id_casino_providers_id_fk";
--> statement-breakpoint
ALTER TABLE "casino_rounds" DROP CONSTRAINT "casino_rounds_player_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "casino_rounds" DROP CONSTRAINT "casino_rounds_game_id_casino_games_id_fk";
--> statement-breakpoint
ALTER TABLE "casino_transactions" DROP CONSTRAINT "casino_transactions_provider_id_casino_providers_id_fk";
--> statement-breakpoint
ALTER TABLE "casino_transactions" DROP CONSTRAINT "casino_transactions_player_id_users_id_fk";

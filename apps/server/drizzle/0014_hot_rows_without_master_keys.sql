ALTER TABLE "fills" DROP CONSTRAINT "fills_market_id_markets_id_fk";
--> statement-breakpoint
ALTER TABLE "fills" DROP CONSTRAINT "fills_runner_id_runners_id_fk";
--> statement-breakpoint
ALTER TABLE "market_exposures" DROP CONSTRAINT "market_exposures_player_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "market_exposures" DROP CONSTRAINT "market_exposures_market_id_markets_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_player_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_market_id_markets_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_runner_id_runners_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_player_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "wallet_holds" DROP CONSTRAINT "wallet_holds_player_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_player_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "wallet_versions" DROP CONSTRAINT "wallet_versions_player_id_users_id_fk";
--> statement-breakpoint
-- Orders, fills and exposures name their market and runner without a foreign key: such rows
-- are never deleted (a market is settled, voided or closed), and the database says so.
CREATE FUNCTION spm_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are never deleted: orders, fills and exposures name them', TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER markets_never_deleted BEFORE DELETE ON markets FOR EACH ROW EXECUTE FUNCTION spm_refuse_delete();
--> statement-breakpoint
CREATE TRIGGER runners_never_deleted BEFORE DELETE ON runners FOR EACH ROW EXECUTE FUNCTION spm_refuse_delete();

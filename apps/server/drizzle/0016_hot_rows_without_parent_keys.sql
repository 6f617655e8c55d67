ALTER TABLE "casino_transactions" DROP CONSTRAINT "casino_transactions_round_id_casino_rounds_id_fk";
--> statement-breakpoint
ALTER TABLE "fills" DROP CONSTRAINT "fills_taker_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "fills" DROP CONSTRAINT "fills_maker_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "wallet_operations" DROP CONSTRAINT "wallet_operations_ledger_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
-- Postings, wallet operations, fills and casino transactions name their parent row without a
-- foreign key (each is written by the statement that writes its parent): the parents are
-- never deleted, and the database says so.
CREATE OR REPLACE FUNCTION spm_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are never deleted: other rows name them', TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_never_deleted BEFORE DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION spm_refuse_delete();
--> statement-breakpoint
CREATE TRIGGER orders_never_deleted BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION spm_refuse_delete();
--> statement-breakpoint
CREATE TRIGGER casino_rounds_never_deleted BEFORE DELETE ON casino_rounds FOR EACH ROW EXECUTE FUNCTION spm_refuse_delete();

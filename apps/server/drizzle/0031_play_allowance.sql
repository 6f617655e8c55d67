-- Issue 42 item 6: the daily points a player claims on a play-money site (MONEY_MODE=play) is
-- a ledger kind of its own, so the statement names it and it never reads as a demo credit.
-- Play money -> the player's cash, keyed play-allowance:{player}:{India day} (one per day).
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK (kind in ('adjustment_credit', 'adjustment_debit', 'deposit', 'withdrawal', 'withdrawal_hold', 'withdrawal_release', 'bet_hold', 'bet_release', 'bet_settlement', 'bonus', 'demo_credit', 'play_allowance', 'system_transfer'));

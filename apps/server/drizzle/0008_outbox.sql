CREATE TABLE "wallet_holds" (
	"player_id" bigint NOT NULL,
	"product" text NOT NULL,
	"round_id" text NOT NULL,
	"held_paise" bigint NOT NULL,
	CONSTRAINT "wallet_holds_player_id_product_round_id_pk" PRIMARY KEY("player_id","product","round_id"),
	CONSTRAINT "wallet_holds_held_check" CHECK ("wallet_holds"."held_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"external_id" text NOT NULL,
	"operation" text NOT NULL,
	"status" text NOT NULL,
	"player_id" bigint NOT NULL,
	"round_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"wallet" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"hold_delta_paise" bigint NOT NULL,
	"related_external_id" text,
	"ledger_transaction_id" bigint,
	"balance_after_paise" bigint,
	"wallet_version" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_operations_product_check" CHECK (product in ('exchange', 'casino', 'crash', 'sportsbook')),
	CONSTRAINT "wallet_operations_operation_check" CHECK (operation in ('stake', 'release', 'win', 'settle', 'rollback')),
	CONSTRAINT "wallet_operations_status_check" CHECK (status in ('done', 'rolled_back', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "wallet_versions" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"topic" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "outbox_events_topic_check" CHECK ("outbox_events"."topic" in ('socket', 'wallet'))
);
--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operations" ADD CONSTRAINT "wallet_operations_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_versions" ADD CONSTRAINT "wallet_versions_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operations_product_external_key" ON "wallet_operations" USING btree ("product","external_id");--> statement-breakpoint
CREATE INDEX "wallet_operations_round_idx" ON "wallet_operations" USING btree ("product","player_id","round_id");--> statement-breakpoint
CREATE INDEX "outbox_events_player_idx" ON "outbox_events" USING btree ("player_id","id");
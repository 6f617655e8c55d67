CREATE TABLE "order_cancels" (
	"player_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"order_id" bigint NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_cancels_player_idempotency_key" ON "order_cancels" USING btree ("player_id","idempotency_key");
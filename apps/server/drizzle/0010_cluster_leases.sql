CREATE TABLE "cluster_nodes" (
	"node_id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"runs_feed" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_leases" (
	"market_id" bigint PRIMARY KEY NOT NULL,
	"owner_node" text,
	"token" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "market_leases_owner_idx" ON "market_leases" USING btree ("owner_node");
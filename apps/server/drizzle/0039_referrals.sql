-- The referral programme (docs/referral.md): a player's own code, who invited whom, and the
-- one reward an invited player's first qualifying deposit pays the player who invited them.
CREATE TABLE "referral_codes" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_lower_key" ON "referral_codes" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referrer_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_referrer_created_idx" ON "users" USING btree ("referrer_id","created_at") WHERE "users"."referrer_id" is not null;--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"child_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"deposit_id" bigint NOT NULL,
	"deposit_paise" bigint NOT NULL,
	"reward_paise" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_rewards_reward_check" CHECK ("referral_rewards"."reward_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_child_id_users_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_created_idx" ON "referral_rewards" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "page_visits_agent_code_lower_idx" ON "page_visits" USING btree (lower("agent_code"),"tracking_id") WHERE "page_visits"."agent_code" is not null;

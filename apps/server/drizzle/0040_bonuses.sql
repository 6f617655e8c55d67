-- Bonuses (docs/bonus.md): the deposit offers staff publish, the players' bonuses (claims)
-- and what happened to each, and the ledger kinds of a bonus's coins becoming cash or being
-- taken back. Two offers from the spec are published to begin with.
CREATE TABLE "bonus_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"percent_bps" integer NOT NULL,
	"max_bonus_paise" bigint NOT NULL,
	"min_deposit_paise" bigint NOT NULL,
	"wagering_multiplier" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"first_deposit_only" boolean NOT NULL,
	"active" boolean NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_offers_terms_check" CHECK ("bonus_offers"."percent_bps" > 0 and "bonus_offers"."max_bonus_paise" > 0 and "bonus_offers"."min_deposit_paise" > 0 and "bonus_offers"."wagering_multiplier" >= 0 and "bonus_offers"."valid_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_offers" ADD CONSTRAINT "bonus_offers_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "bonus_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"source" text NOT NULL,
	"offer_id" bigint,
	"status" text NOT NULL,
	"deposit_id" bigint,
	"deposit_paise" bigint,
	"bonus_paise" bigint DEFAULT 0 NOT NULL,
	"wagering_required_paise" bigint DEFAULT 0 NOT NULL,
	"wagered_paise" bigint DEFAULT 0 NOT NULL,
	"converted_paise" bigint,
	"forfeited_paise" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "bonus_claims_source_check" CHECK ("bonus_claims"."source" in ('offer', 'deposit', 'referral')),
	CONSTRAINT "bonus_claims_status_check" CHECK ("bonus_claims"."status" in ('pending', 'active', 'completed', 'cancelled', 'expired')),
	CONSTRAINT "bonus_claims_offer_check" CHECK (("bonus_claims"."source" = 'offer') = ("bonus_claims"."offer_id" is not null)),
	CONSTRAINT "bonus_claims_active_check" CHECK ("bonus_claims"."status" in ('pending', 'cancelled') or ("bonus_claims"."activated_at" is not null and "bonus_claims"."expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "bonus_claims" ADD CONSTRAINT "bonus_claims_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_claims" ADD CONSTRAINT "bonus_claims_offer_id_bonus_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."bonus_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_claims_one_pending_key" ON "bonus_claims" USING btree ("player_id") WHERE "bonus_claims"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_claims_one_active_key" ON "bonus_claims" USING btree ("player_id") WHERE "bonus_claims"."status" = 'active';--> statement-breakpoint
CREATE INDEX "bonus_claims_player_created_idx" ON "bonus_claims" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "bonus_claims_offer_idx" ON "bonus_claims" USING btree ("offer_id","player_id") WHERE "bonus_claims"."offer_id" is not null;--> statement-breakpoint
CREATE INDEX "bonus_claims_active_checked_idx" ON "bonus_claims" USING btree ("checked_at") WHERE "bonus_claims"."status" = 'active';--> statement-breakpoint
CREATE TABLE "bonus_claim_parts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"wagering_added_paise" bigint DEFAULT 0 NOT NULL,
	"source" text,
	"reference" text,
	"actor_staff_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_claim_parts_kind_check" CHECK ("bonus_claim_parts"."kind" in ('claimed', 'granted', 'converted', 'forfeited', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "bonus_claim_parts" ADD CONSTRAINT "bonus_claim_parts_claim_id_bonus_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."bonus_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_claim_parts" ADD CONSTRAINT "bonus_claim_parts_actor_staff_id_staff_users_id_fk" FOREIGN KEY ("actor_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_claim_parts_claim_idx" ON "bonus_claim_parts" USING btree ("claim_id","id");--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK (kind in ('adjustment_credit', 'adjustment_debit', 'deposit', 'withdrawal', 'withdrawal_hold', 'withdrawal_release', 'bet_hold', 'bet_release', 'bet_settlement', 'bonus', 'bonus_release', 'bonus_forfeit', 'demo_credit', 'play_allowance', 'system_transfer'));--> statement-breakpoint
INSERT INTO "bonus_offers" ("title", "title_translations", "percent_bps", "max_bonus_paise", "min_deposit_paise", "wagering_multiplier", "valid_days", "first_deposit_only", "active", "created_at", "updated_at") VALUES
	('First deposit bonus', '{"hi": "पहली जमा पर बोनस", "fr": "Bonus de premier dépôt", "es": "Bono de primer depósito", "te": "మొదటి డిపాజిట్ బోనస్", "ta": "முதல் வைப்புத்தொகை போனஸ்", "mr": "पहिल्या ठेवीवर बोनस", "kn": "ಮೊದಲ ಠೇವಣಿ ಬೋನಸ್"}'::jsonb, 500, 100000, 10000, 10, 30, true, true, now(), now()),
	('Casino welcome bonus', '{"hi": "कैसीनो स्वागत बोनस", "fr": "Bonus de bienvenue casino", "es": "Bono de bienvenida del casino", "te": "క్యాసినో స్వాగత బోనస్", "ta": "கேசினோ வரவேற்பு போனஸ்", "mr": "कॅसिनो स्वागत बोनस", "kn": "ಕ್ಯಾಸಿನೋ ಸ್ವಾಗತ ಬೋನಸ್"}'::jsonb, 66600, 199800, 30000, 50, 30, true, true, now(), now());

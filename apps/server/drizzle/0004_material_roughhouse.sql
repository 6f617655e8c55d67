CREATE TABLE "bank_details" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"type" text NOT NULL,
	"account_no" text NOT NULL,
	"account_name" text NOT NULL,
	"iban" text,
	"ifsc_code" text,
	"bank_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bank_details_type_check" CHECK ("bank_details"."type" in ('bank', 'card', 'upi'))
);
--> statement-breakpoint
CREATE TABLE "deposit_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"gateway_code" text NOT NULL,
	"automated" boolean NOT NULL,
	"amount_paise" bigint NOT NULL,
	"bonus_paise" bigint DEFAULT 0 NOT NULL,
	"reference" text,
	"proof_upload_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"note" text,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_staff_id" bigint,
	"gateway_txn_id" text,
	"pay_url" text,
	"pay_address" text,
	"network" text,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_requests_status_check" CHECK ("deposit_requests"."status" in ('pending', 'approved', 'declined', 'expired')),
	CONSTRAINT "deposit_requests_amount_check" CHECK ("deposit_requests"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_sim_payments" (
	"txn_id" text PRIMARY KEY NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"pay_amount" text NOT NULL,
	"currency" text NOT NULL,
	"pay_address" text,
	"network" text,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"doc_type" integer NOT NULL,
	"doc_id" text,
	"front_upload_id" uuid NOT NULL,
	"back_upload_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"note" text,
	"decided_at" timestamp with time zone,
	"decided_by_staff_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_submissions_status_check" CHECK ("kyc_submissions"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "kyc_submissions_doc_type_check" CHECK ("kyc_submissions"."doc_type" in (0, 2, 3, 4))
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"min_deposit_paise" bigint NOT NULL,
	"max_deposit_paise" bigint NOT NULL,
	"presets_paise" jsonb NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"pay_to" jsonb NOT NULL,
	"qr_upload_id" uuid,
	"adapter" text DEFAULT 'manual' NOT NULL,
	"deposit_bonus_bps" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"withdraw_enabled" boolean DEFAULT false NOT NULL,
	"min_withdraw_paise" bigint NOT NULL,
	"max_withdraw_paise" bigint NOT NULL,
	"withdraw_extra_bps" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" bigint,
	"purpose" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uploads_stored_name_key" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "withdraw_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"extra_paise" bigint DEFAULT 0 NOT NULL,
	"destination_type" text NOT NULL,
	"bank_detail_id" bigint,
	"gateway_code" text,
	"destination" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"note" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_staff_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdraw_requests_status_check" CHECK ("withdraw_requests"."status" in ('pending', 'approved', 'declined', 'cancelled')),
	CONSTRAINT "withdraw_requests_amount_check" CHECK ("withdraw_requests"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_gateway_code_payment_gateways_code_fk" FOREIGN KEY ("gateway_code") REFERENCES "public"."payment_gateways"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_decided_by_staff_id_staff_users_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_front_upload_id_uploads_id_fk" FOREIGN KEY ("front_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_back_upload_id_uploads_id_fk" FOREIGN KEY ("back_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_decided_by_staff_id_staff_users_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD CONSTRAINT "withdraw_requests_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD CONSTRAINT "withdraw_requests_bank_detail_id_bank_details_id_fk" FOREIGN KEY ("bank_detail_id") REFERENCES "public"."bank_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD CONSTRAINT "withdraw_requests_gateway_code_payment_gateways_code_fk" FOREIGN KEY ("gateway_code") REFERENCES "public"."payment_gateways"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD CONSTRAINT "withdraw_requests_decided_by_staff_id_staff_users_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_details_player_idx" ON "bank_details" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_requests_reference_key" ON "deposit_requests" USING btree ("reference") WHERE "deposit_requests"."reference" is not null and "deposit_requests"."status" <> 'expired';--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_requests_gateway_txn_key" ON "deposit_requests" USING btree ("gateway_code","gateway_txn_id");--> statement-breakpoint
CREATE INDEX "deposit_requests_player_created_idx" ON "deposit_requests" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_requests_status_created_idx" ON "deposit_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_pending_key" ON "kyc_submissions" USING btree ("player_id") WHERE "kyc_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "kyc_submissions_player_created_idx" ON "kyc_submissions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_created_idx" ON "kyc_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "uploads_player_idx" ON "uploads" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_requests_player_key" ON "withdraw_requests" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdraw_requests_player_created_idx" ON "withdraw_requests" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_requests_status_created_idx" ON "withdraw_requests" USING btree ("status","created_at");
-- Regions (issue 42 item 7): the Indian state a player declares at registration (ISO 3166-2:IN
-- without "IN-") and when they ticked the 18+ confirmation. Both stay null for accounts made
-- before they were asked; sign-in then checks only the phone's country and the address.
ALTER TABLE "users" ADD COLUMN "declared_state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_confirmed_at" timestamp with time zone;

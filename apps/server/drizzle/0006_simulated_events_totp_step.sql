-- Every event before this migration came from the built-in simulator (staff could not create
-- events yet), so existing rows are marked simulated; new rows default to staff-run.
ALTER TABLE "events" ADD COLUMN "simulated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "simulated" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_last_step" bigint;

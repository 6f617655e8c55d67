-- Contact messages (issue 44 item 1, docs/contact-messages.md): the /contactus form's
-- messages from players and visitors, answered and closed by staff in the back office.
CREATE TABLE "contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint,
	"name" text,
	"email" text,
	"mobile" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by_staff_id" bigint,
	"closed_at" timestamp with time zone,
	"closed_by_staff_id" bigint,
	CONSTRAINT "contact_messages_subject_check" CHECK ("contact_messages"."subject" in ('account', 'deposit', 'withdrawal', 'bets', 'casino', 'technical', 'other')),
	CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('open', 'answered', 'closed')),
	CONSTRAINT "contact_messages_sender_check" CHECK ("contact_messages"."player_id" is not null or ("contact_messages"."name" is not null and ("contact_messages"."email" is not null or "contact_messages"."mobile" is not null)))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_answered_by_staff_id_staff_users_id_fk" FOREIGN KEY ("answered_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_closed_by_staff_id_staff_users_id_fk" FOREIGN KEY ("closed_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_player_created_idx" ON "contact_messages" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_ip_created_idx" ON "contact_messages" USING btree ("ip","created_at");

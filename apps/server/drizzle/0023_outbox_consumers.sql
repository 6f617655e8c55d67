CREATE TABLE "outbox_consumer_progress" (
	"consumer" text NOT NULL,
	"player_id" bigint NOT NULL,
	"last_event_id" bigint NOT NULL,
	"last_part" integer NOT NULL,
	CONSTRAINT "outbox_consumer_progress_consumer_player_id_pk" PRIMARY KEY("consumer","player_id")
);

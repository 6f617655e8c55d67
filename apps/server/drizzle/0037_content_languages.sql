-- Server content in eight languages (issue 44 item 2, docs/server-content-languages.md):
-- announcements, banner titles and staff notifications carry their other languages beside the
-- English (which stays required and is the fallback); market and runner names get theirs in
-- a table of their own, read once into memory by every node.
ALTER TABLE "announcements" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "title_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
CREATE TABLE "name_translations" (
	"kind" text NOT NULL,
	"target_id" bigint NOT NULL,
	"names" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "name_translations_kind_target_id_pk" PRIMARY KEY("kind","target_id"),
	CONSTRAINT "name_translations_kind_check" CHECK ("name_translations"."kind" in ('market', 'runner'))
);

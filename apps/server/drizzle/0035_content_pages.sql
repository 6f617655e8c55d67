-- Content pages (issue 44 item 1, docs/content-pages.md): every version of every page in
-- every language, drafts and published versions kept with who saved and published them.
CREATE TABLE "content_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_by" bigint,
	"published_at" timestamp with time zone,
	CONSTRAINT "content_versions_published_check" CHECK (("content_versions"."status" = 'published') = ("content_versions"."published_at" IS NOT NULL AND "content_versions"."published_by" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_published_by_staff_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_page_version_key" ON "content_versions" USING btree ("slug","language","version");--> statement-breakpoint
CREATE INDEX "content_versions_published_idx" ON "content_versions" USING btree ("slug","language","version") WHERE "content_versions"."status" = 'published';

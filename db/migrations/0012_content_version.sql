-- Issue 18 / ADR 017: the version of what public pages show, bumped after every write that changes them;
-- the page caches of all instances compare against it (app/lib/content-version.server.ts).
CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("content_version"."id" = 1)
);

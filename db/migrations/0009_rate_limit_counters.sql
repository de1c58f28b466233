-- Issue 14 point 10: the rate limiters' counters, shared by every instance on one PostgreSQL database
-- (app/lib/rate-limit.server.ts: rate-limiter-flexible's RateLimiterPostgres, tableCreated). Written by
-- hand: the columns are the ones that store reads and writes ("key", "points", "expire" in ms since the
-- epoch), "key" as text because keys are the limiter's prefix and a client address or digest. In a
-- schema of its own: operational state, not application data (the security suite's "no partial write"
-- fingerprints cover the public schema, and a refused request may well count). The embedded database
-- (PGlite) counts in memory and leaves this table empty.
CREATE SCHEMA IF NOT EXISTS "rate_limit";--> statement-breakpoint
CREATE TABLE "rate_limit"."counters" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);--> statement-breakpoint
-- The store deletes rows expired an hour ago every five minutes.
CREATE INDEX "rate_limit_counters_expire_idx" ON "rate_limit"."counters" USING btree ("expire");

-- analytics_events partitioned by month of occurred_at (issue 31, decision 120). Written by hand:
-- drizzle-kit cannot say PARTITION BY; the table it describes (schema.ts, the snapshot) is the same.
ALTER TABLE "analytics_events" RENAME TO "analytics_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "analytics_events_unpartitioned" RENAME CONSTRAINT "analytics_events_pkey" TO "analytics_events_unpartitioned_pkey";--> statement-breakpoint
ALTER TABLE "analytics_events_unpartitioned" RENAME CONSTRAINT "analytics_events_user_id_users_id_fk" TO "analytics_events_unpartitioned_user_id_fk";--> statement-breakpoint
DROP INDEX "analytics_events_occurred_at_idx";--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"session_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"user_id" uuid,
	"path" text NOT NULL,
	"props" jsonb NOT NULL,
	CONSTRAINT "analytics_events_id_occurred_at_pk" PRIMARY KEY("id","occurred_at")
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_at_idx" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;--> statement-breakpoint
-- A partition for every month that has events (UTC months, named analytics_events_YYYY_MM as
-- housekeeping names them), then the rows.
DO $$
DECLARE
  month timestamp;
BEGIN
  FOR month IN
    SELECT DISTINCT date_trunc('month', "occurred_at" AT TIME ZONE 'UTC') FROM "analytics_events_unpartitioned"
  LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "analytics_events" FOR VALUES FROM (%L) TO (%L)',
      'analytics_events_' || to_char(month, 'YYYY_MM'),
      to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "analytics_events" SELECT "id", "name", "occurred_at", "received_at", "session_id", "visitor_hash", "user_id", "path", "props" FROM "analytics_events_unpartitioned";--> statement-breakpoint
DROP TABLE "analytics_events_unpartitioned";

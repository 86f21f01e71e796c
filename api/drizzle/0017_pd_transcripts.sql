CREATE TABLE "transcript_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"school_year_start" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"teacher_name" text NOT NULL,
	"school_year_start" text NOT NULL,
	"time_zone" text NOT NULL,
	"courses" jsonb NOT NULL,
	"digest" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_groups" ADD COLUMN "school_year_start" text;--> statement-breakpoint
ALTER TABLE "transcript_settings" ADD CONSTRAINT "transcript_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcripts_user_digest_idx" ON "transcripts" USING btree ("user_id","digest");
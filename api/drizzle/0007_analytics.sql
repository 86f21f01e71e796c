CREATE TABLE "analytics_daily_visitors" (
	"day" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "analytics_daily_visitors_day_visitor_hash_pk" PRIMARY KEY("day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"session_id" uuid NOT NULL,
	"visitor_hash" text NOT NULL,
	"user_id" uuid,
	"path" text NOT NULL,
	"props" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_funnel" (
	"user_id" uuid NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_funnel_user_id_step_pk" PRIMARY KEY("user_id","step")
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"dim" text NOT NULL,
	"count" integer NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hourly_metric_hour_dim_pk" PRIMARY KEY("metric","hour","dim")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_user_attribution" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"source" text,
	"medium" text,
	"campaign" text,
	"term" text,
	"content" text,
	"referrer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_funnel" ADD CONSTRAINT "analytics_funnel_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_user_attribution" ADD CONSTRAINT "analytics_user_attribution_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_at_idx" ON "analytics_events" USING btree ("occurred_at");
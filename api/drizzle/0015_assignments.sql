CREATE TABLE "assignment_digests" (
	"license_group_id" uuid NOT NULL,
	"week_of" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assignment_digests_license_group_id_week_of_pk" PRIMARY KEY("license_group_id","week_of")
);
--> statement-breakpoint
CREATE TABLE "assignment_mail_settings" (
	"license_group_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"subject" text,
	"intro" text,
	CONSTRAINT "assignment_mail_settings_license_group_id_kind_pk" PRIMARY KEY("license_group_id","kind")
);
--> statement-breakpoint
CREATE TABLE "assignment_members" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "assignment_members_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_nudges" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assignment_nudges_assignment_id_user_id_kind_pk" PRIMARY KEY("assignment_id","user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_group_id" uuid NOT NULL,
	"course_slug" text NOT NULL,
	"due_date" date,
	"whole_group" boolean NOT NULL,
	"assigned_on" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_digests" ADD CONSTRAINT "assignment_digests_license_group_id_license_groups_id_fk" FOREIGN KEY ("license_group_id") REFERENCES "public"."license_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_mail_settings" ADD CONSTRAINT "assignment_mail_settings_license_group_id_license_groups_id_fk" FOREIGN KEY ("license_group_id") REFERENCES "public"."license_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_members" ADD CONSTRAINT "assignment_members_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_members" ADD CONSTRAINT "assignment_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_nudges" ADD CONSTRAINT "assignment_nudges_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_nudges" ADD CONSTRAINT "assignment_nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_license_group_id_license_groups_id_fk" FOREIGN KEY ("license_group_id") REFERENCES "public"."license_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_members_user_idx" ON "assignment_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignments_group_idx" ON "assignments" USING btree ("license_group_id");
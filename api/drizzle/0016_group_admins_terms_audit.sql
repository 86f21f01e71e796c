CREATE TABLE "license_group_admins" (
	"license_group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "license_group_admins_license_group_id_user_id_pk" PRIMARY KEY("license_group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "license_group_id" uuid;--> statement-breakpoint
ALTER TABLE "license_groups" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "license_groups" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "license_group_admins" ADD CONSTRAINT "license_group_admins_license_group_id_license_groups_id_fk" FOREIGN KEY ("license_group_id") REFERENCES "public"."license_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_group_admins" ADD CONSTRAINT "license_group_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_group_admins" ADD CONSTRAINT "license_group_admins_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_group_admins_user_idx" ON "license_group_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_group_at_idx" ON "audit_log" USING btree ("license_group_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree (lower("actor_email"));--> statement-breakpoint
CREATE INDEX "audit_log_target_label_idx" ON "audit_log" USING btree (lower("target_label"));--> statement-breakpoint
CREATE INDEX "audit_log_search_idx" ON "audit_log" USING gin ((lower("actor_email" || ' ' || "target_label")) gin_trgm_ops);--> statement-breakpoint
-- Entries written before issue 28 get their group where the target names it.
UPDATE "audit_log" SET "license_group_id" = "target_id"::uuid WHERE "target_type" = 'license_group';--> statement-breakpoint
UPDATE "audit_log" a SET "license_group_id" = i."license_group_id" FROM "invites" i WHERE a."target_type" = 'invite' AND a."target_id" = i."id"::text;--> statement-breakpoint
UPDATE "audit_log" a SET "license_group_id" = j."license_group_id" FROM "join_links" j WHERE a."target_type" = 'join_link' AND a."target_id" = j."id"::text;
CREATE TABLE "join_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_group_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"allowed_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "join_links_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "roster_import_rows" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"school" text,
	"reason" text,
	"invite_id" uuid,
	CONSTRAINT "roster_import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "roster_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_group_id" uuid NOT NULL,
	"created_by" uuid,
	"rows" integer NOT NULL,
	"invited" integer NOT NULL,
	"skipped" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "last_mail_id" uuid;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "roster_import_id" uuid;--> statement-breakpoint
ALTER TABLE "license_groups" ADD COLUMN "invite_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "join_links" ADD CONSTRAINT "join_links_license_group_id_license_groups_id_fk" FOREIGN KEY ("license_group_id") REFERENCES "public"."license_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_links" ADD CONSTRAINT "join_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_import_rows" ADD CONSTRAINT "roster_import_rows_import_id_roster_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."roster_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_import_rows" ADD CONSTRAINT "roster_import_rows_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_license_group_id_license_groups_id_fk" FOREIGN KEY ("license_group_id") REFERENCES "public"."license_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "join_links_group_idx" ON "join_links" USING btree ("license_group_id","created_at");--> statement-breakpoint
CREATE INDEX "roster_import_rows_email_idx" ON "roster_import_rows" USING btree ("email");--> statement-breakpoint
CREATE INDEX "roster_imports_group_idx" ON "roster_imports" USING btree ("license_group_id","created_at");--> statement-breakpoint
CREATE INDEX "invites_roster_import_idx" ON "invites" USING btree ("roster_import_id");
CREATE TABLE "certificate_pdfs" (
	"certificate_id" uuid PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sync_receipts_user_id_idx";--> statement-breakpoint
-- Hand-written (drizzle-kit cannot name the old primary key): PostgreSQL named it sync_receipts_pkey.
ALTER TABLE "sync_receipts" DROP CONSTRAINT "sync_receipts_pkey";--> statement-breakpoint
ALTER TABLE "sync_receipts" ADD CONSTRAINT "sync_receipts_user_id_op_id_pk" PRIMARY KEY("user_id","op_id");--> statement-breakpoint
ALTER TABLE "certificate_pdfs" ADD CONSTRAINT "certificate_pdfs_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;
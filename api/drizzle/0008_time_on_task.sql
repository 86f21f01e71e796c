CREATE TABLE "content_receipts" (
	"user_id" uuid NOT NULL,
	"course_slug" text NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_receipts_user_id_course_slug_pk" PRIMARY KEY("user_id","course_slug")
);
--> statement-breakpoint
ALTER TABLE "content_receipts" ADD CONSTRAINT "content_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
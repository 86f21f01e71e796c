CREATE TABLE "mfa_sign_in_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_sign_in_attempts" ADD CONSTRAINT "mfa_sign_in_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_sign_in_attempts_expires_idx" ON "mfa_sign_in_attempts" USING btree ("expires_at");
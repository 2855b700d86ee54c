CREATE TABLE "sign_in_throttles" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sign_in_throttles_failures" CHECK ("sign_in_throttles"."failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_binding_hash" text;
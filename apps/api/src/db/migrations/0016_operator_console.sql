CREATE TABLE "money_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"direction" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"related_reference" text,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"transaction_reference" text,
	CONSTRAINT "money_corrections_status" CHECK ("money_corrections"."status" in ('proposed', 'approved', 'rejected')),
	CONSTRAINT "money_corrections_direction" CHECK ("money_corrections"."direction" in ('credit', 'debit')),
	CONSTRAINT "money_corrections_amount_positive" CHECK ("money_corrections"."amount_minor" > 0),
	CONSTRAINT "money_corrections_two_people" CHECK ("money_corrections"."decided_by" is null or "money_corrections"."decided_by" <> "money_corrections"."proposed_by")
);
--> statement-breakpoint
CREATE TABLE "operator_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" uuid,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret_ciphertext" text NOT NULL,
	"last_totp_step" bigint,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "product_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"changes" jsonb NOT NULL,
	"previous" jsonb,
	"effective_from" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "product_changes_status" CHECK ("product_changes"."status" in ('scheduled', 'applied', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "review_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"correction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_verifications" DROP CONSTRAINT "identity_verifications_status";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type";--> statement-breakpoint
ALTER TABLE "sandbox_virtual_accounts" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "money_corrections" ADD CONSTRAINT "money_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_corrections" ADD CONSTRAINT "money_corrections_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_corrections" ADD CONSTRAINT "money_corrections_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_changes" ADD CONSTRAINT "product_changes_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_correction_id_money_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."money_corrections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_corrections_status_idx" ON "money_corrections" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE INDEX "operator_audit_log_created_idx" ON "operator_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operator_audit_log_subject_idx" ON "operator_audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "product_changes_due_idx" ON "product_changes" USING btree ("effective_from") WHERE "product_changes"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "review_decisions_subject_idx" ON "review_decisions" USING btree ("subject_type","subject_id");--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_status" CHECK ("identity_verifications"."status" in ('SUBMITTED', 'IN_REVIEW', 'ACTIVE', 'REJECTED'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type" CHECK ("transactions"."type" in ('deposit', 'withdrawal', 'saving', 'trade', 'bill', 'card', 'fx', 'interest', 'fee', 'adjustment'));--> statement-breakpoint
-- The operator audit log is append-only, as the ledger is (the function of migration 0001).
CREATE TRIGGER operator_audit_log_append_only BEFORE UPDATE OR DELETE ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER operator_audit_log_no_truncate BEFORE TRUNCATE ON operator_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

CREATE SEQUENCE "public"."sandbox_nuban_serial" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bvn_records" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bvn_ciphertext" text NOT NULL,
	"bvn_index" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth_ciphertext" text NOT NULL,
	"phone_ciphertext" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bvn_records_bvn_index_unique" UNIQUE("bvn_index")
);
--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"address_ciphertext" text NOT NULL,
	"date_of_birth_ciphertext" text NOT NULL,
	"phone_ciphertext" text NOT NULL,
	"country_alpha_2_code" text NOT NULL,
	"country_alpha_3_code" text NOT NULL,
	"country_dial_code" text NOT NULL,
	"country_of_residence" text NOT NULL,
	"ip_address" text NOT NULL,
	"selfie_ciphertext" text NOT NULL,
	"face_confidence" integer,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "identity_verifications_status" CHECK ("identity_verifications"."status" in ('SUBMITTED', 'ACTIVE', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text DEFAULT 'received' NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"email" text,
	"callback_url" text,
	"account_number" text,
	"sender_name" text,
	"transaction_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_virtual_accounts" (
	"account_number" text PRIMARY KEY NOT NULL,
	"customer_reference" text NOT NULL,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_virtual_accounts_customer_reference_unique" UNIQUE("customer_reference")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"direction" text NOT NULL,
	"channel" text NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"held_minor" bigint DEFAULT 0 NOT NULL,
	"reference" text NOT NULL,
	"provider" text,
	"provider_reference" text,
	"third_party_reference" text,
	"description" text NOT NULL,
	"review_reason" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "transactions_status" CHECK ("transactions"."status" in ('pending', 'successful', 'failed', 'reversed')),
	CONSTRAINT "transactions_direction" CHECK ("transactions"."direction" in ('credit', 'debit')),
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_reference" text NOT NULL,
	"provider_reference" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_accounts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "virtual_accounts_account_reference_unique" UNIQUE("account_reference"),
	CONSTRAINT "virtual_accounts_account_number_unique" UNIQUE("account_number")
);
--> statement-breakpoint
ALTER TABLE "bvn_records" ADD CONSTRAINT "bvn_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_key_idx" ON "provider_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_type_created_idx" ON "transactions" USING btree ("user_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_status_created_idx" ON "transactions" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_reference_idx" ON "transactions" USING btree ("provider","provider_reference") WHERE "transactions"."provider_reference" is not null;--> statement-breakpoint
CREATE INDEX "transactions_pending_idx" ON "transactions" USING btree ("created_at") WHERE "transactions"."status" = 'pending';
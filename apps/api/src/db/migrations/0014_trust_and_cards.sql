CREATE TABLE "card_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"card_id" uuid,
	"usd_minor" bigint NOT NULL,
	"card_fee_minor" bigint NOT NULL,
	"ngn_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"rate" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_quotes_purpose" CHECK ("card_quotes"."purpose" in ('create', 'fund', 'withdraw'))
);
--> statement-breakpoint
CREATE TABLE "card_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"granted" boolean NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"authorized_minor" bigint,
	"shortfall_minor" bigint DEFAULT 0 NOT NULL,
	"merchant_name" text,
	"merchant_city" text,
	"merchant_country" text,
	"decline_code" text,
	"reference" text NOT NULL,
	"issuer_reference" text,
	"hold_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_transactions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"issuer" text NOT NULL,
	"issuer_card_id" text NOT NULL,
	"issuer_cardholder_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" char(4) NOT NULL,
	"expiry_month" char(2) NOT NULL,
	"expiry_year" char(4) NOT NULL,
	"name_on_card" text NOT NULL,
	"billing_address" jsonb NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"frozen_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	CONSTRAINT "cards_reference_unique" UNIQUE("reference"),
	CONSTRAINT "cards_status" CHECK ("cards"."status" in ('active', 'frozen', 'terminated'))
);
--> statement-breakpoint
CREATE TABLE "closed_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"identity_sealed" text,
	"closed_at" timestamp with time zone NOT NULL,
	"purge_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"archive_sealed" text,
	"size_bytes" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "privacy_exports_status" CHECK ("privacy_exports"."status" in ('preparing', 'ready', 'expired', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "session_devices" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"device" text NOT NULL,
	"ip_masked" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"device" text NOT NULL,
	"ip_masked" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_events_outcome" CHECK ("sign_in_events"."outcome" in ('success', 'failure'))
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"format" text NOT NULL,
	"holder_masked" text NOT NULL,
	"sha256" char(64) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statements_code_unique" UNIQUE("code"),
	CONSTRAINT "statements_format" CHECK ("statements"."format" in ('pdf', 'csv')),
	CONSTRAINT "statements_period" CHECK ("statements"."from_date" <= "statements"."to_date")
);
--> statement-breakpoint
ALTER TABLE "card_quotes" ADD CONSTRAINT "card_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_quotes" ADD CONSTRAINT "card_quotes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reveals" ADD CONSTRAINT "card_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reveals" ADD CONSTRAINT "card_reveals_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_accounts" ADD CONSTRAINT "closed_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_devices" ADD CONSTRAINT "session_devices_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_quotes_user_idx" ON "card_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "card_reveals_user_idx" ON "card_reveals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "card_transactions_card_idx" ON "card_transactions" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_issuer_reference_idx" ON "card_transactions" USING btree ("issuer_reference");--> statement-breakpoint
CREATE INDEX "card_transactions_pending_idx" ON "card_transactions" USING btree ("created_at") WHERE "card_transactions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "cards_user_idx" ON "cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_issuer_card_idx" ON "cards" USING btree ("issuer","issuer_card_id");--> statement-breakpoint
CREATE INDEX "privacy_exports_user_idx" ON "privacy_exports" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "sign_in_events_user_idx" ON "sign_in_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "statements_sha256_idx" ON "statements" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "statements_user_idx" ON "statements" USING btree ("user_id","issued_at");
-- Savings (issue 17): the product catalogue, plans with the terms they were made on, and each
-- day's interest of each plan. Plans are updated every day by the accrual job without touching an
-- index, so the table leaves room on each page for those updates to stay on it (fillfactor).
-- The sandbox clock's offset is kept so a restart does not send the sandbox back in time.
CREATE TABLE "sandbox_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_clock_one_row" CHECK ("sandbox_clock"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "savings_accruals" (
	"plan_id" uuid NOT NULL,
	"accrued_on" date NOT NULL,
	"interest_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "savings_accruals_plan_id_accrued_on_pk" PRIMARY KEY("plan_id","accrued_on")
);
--> statement-breakpoint
CREATE TABLE "savings_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"saving_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"reason" text NOT NULL,
	"currency" char(3) NOT NULL,
	"principal_minor" bigint NOT NULL,
	"balance_minor" bigint NOT NULL,
	"duration_id" text NOT NULL,
	"duration_label" text NOT NULL,
	"duration_days" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"day_count_basis" integer DEFAULT 365 NOT NULL,
	"start_on" date NOT NULL,
	"maturity_on" date NOT NULL,
	"maturity_instruction" text DEFAULT 'wallet' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"accrued_minor" bigint DEFAULT 0 NOT NULL,
	"accrual_carry" bigint DEFAULT 0 NOT NULL,
	"accrued_through" date NOT NULL,
	"withholding_tax_minor" bigint,
	"payout_minor" bigint,
	"matured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_plans_saving_id_unique" UNIQUE("saving_id"),
	CONSTRAINT "savings_plans_reference_unique" UNIQUE("reference"),
	CONSTRAINT "savings_plans_status" CHECK ("savings_plans"."status" in ('active', 'matured')),
	CONSTRAINT "savings_plans_principal_positive" CHECK ("savings_plans"."principal_minor" > 0),
	CONSTRAINT "savings_plans_rate" CHECK ("savings_plans"."rate_bps" between 0 and 10000),
	CONSTRAINT "savings_plans_term" CHECK ("savings_plans"."maturity_on" > "savings_plans"."start_on")
);
--> statement-breakpoint
CREATE TABLE "savings_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"currency" char(3) NOT NULL,
	"minimum_minor" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"meta" jsonb NOT NULL,
	CONSTRAINT "savings_products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "savings_accruals" ADD CONSTRAINT "savings_accruals_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD CONSTRAINT "savings_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD CONSTRAINT "savings_plans_product_id_savings_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."savings_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD CONSTRAINT "savings_plans_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "savings_plans_user_idx" ON "savings_plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "savings_plans_maturity_idx" ON "savings_plans" USING btree ("maturity_on") WHERE "savings_plans"."status" = 'active';--> statement-breakpoint
ALTER TABLE "savings_plans" SET (fillfactor = 80);

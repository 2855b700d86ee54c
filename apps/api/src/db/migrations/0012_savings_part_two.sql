-- Savings, part 2 (issue 18): target plans (goal, category, collection), their instalments, the
-- challenge's group targets and medals, broken plans, and short-lived naira/dollar quotes.
CREATE TABLE "fx_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"side" text NOT NULL,
	"purpose" text NOT NULL,
	"usd_minor" bigint NOT NULL,
	"ngn_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"rate" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_quotes_side" CHECK ("fx_quotes"."side" in ('buy', 'sell'))
);
--> statement-breakpoint
CREATE TABLE "savings_collections" (
	"plan_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_on" date,
	"collected_at" timestamp with time zone,
	CONSTRAINT "savings_collections_plan_id_due_on_pk" PRIMARY KEY("plan_id","due_on"),
	CONSTRAINT "savings_collections_status" CHECK ("savings_collections"."status" in ('collected', 'retrying', 'missed'))
);
--> statement-breakpoint
CREATE TABLE "savings_medals" (
	"plan_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "savings_medals_plan_id_week_start_pk" PRIMARY KEY("plan_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "savings_predefined_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"start_on" date NOT NULL,
	"end_on" date NOT NULL,
	"meta" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "savings_predefined_targets_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "savings_plans" DROP CONSTRAINT "savings_plans_status";--> statement-breakpoint
ALTER TABLE "savings_plans" DROP CONSTRAINT "savings_plans_principal_positive";--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "target_minor" bigint;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "frequency" text;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "collection_method" text;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "collection_minor" bigint;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "next_collection_on" date;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "collection_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "collection_tried_on" date;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "predefined_target_id" uuid;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "break_charge_minor" bigint;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "forfeited_minor" bigint;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD COLUMN "funding_quote_id" uuid;--> statement-breakpoint
ALTER TABLE "fx_quotes" ADD CONSTRAINT "fx_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_collections" ADD CONSTRAINT "savings_collections_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_medals" ADD CONSTRAINT "savings_medals_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_predefined_targets" ADD CONSTRAINT "savings_predefined_targets_product_id_savings_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."savings_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fx_quotes_user_idx" ON "fx_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "savings_plans_collection_idx" ON "savings_plans" USING btree ("next_collection_on") WHERE "savings_plans"."status" = 'active' and "savings_plans"."collection_method" = 'automatic';--> statement-breakpoint
CREATE INDEX "savings_plans_predefined_idx" ON "savings_plans" USING btree ("predefined_target_id") WHERE "savings_plans"."predefined_target_id" is not null;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD CONSTRAINT "savings_plans_status" CHECK ("savings_plans"."status" in ('active', 'matured', 'broken'));--> statement-breakpoint
ALTER TABLE "savings_plans" ADD CONSTRAINT "savings_plans_principal_positive" CHECK ("savings_plans"."principal_minor" >= 0);
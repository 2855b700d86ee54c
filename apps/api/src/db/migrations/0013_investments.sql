CREATE TABLE "commodities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commodities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "commodity_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commodity_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "commodity_holdings" (
	"user_id" uuid NOT NULL,
	"commodity_id" uuid NOT NULL,
	"units_scaled" bigint NOT NULL,
	"cost_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commodity_holdings_user_id_commodity_id_pk" PRIMARY KEY("user_id","commodity_id"),
	CONSTRAINT "commodity_holdings_not_negative" CHECK ("commodity_holdings"."units_scaled" >= 0 and "commodity_holdings"."cost_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commodity_prices" (
	"commodity_id" uuid NOT NULL,
	"day" date NOT NULL,
	"buy_price_minor" bigint NOT NULL,
	"sell_price_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commodity_prices_commodity_id_day_pk" PRIMARY KEY("commodity_id","day"),
	CONSTRAINT "commodity_prices_spread" CHECK ("commodity_prices"."sell_price_minor" > 0 and "commodity_prices"."buy_price_minor" >= "commodity_prices"."sell_price_minor")
);
--> statement-breakpoint
CREATE TABLE "commodity_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"commodity_id" uuid NOT NULL,
	"side" text NOT NULL,
	"requested_amount_minor" bigint,
	"units_scaled" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commodity_quotes_side" CHECK ("commodity_quotes"."side" in ('buy', 'sell')),
	CONSTRAINT "commodity_quotes_units" CHECK ("commodity_quotes"."units_scaled" > 0)
);
--> statement-breakpoint
CREATE TABLE "commodity_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"commodity_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"side" text NOT NULL,
	"units_scaled" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commodity_trades_reference_unique" UNIQUE("reference"),
	CONSTRAINT "commodity_trades_side" CHECK ("commodity_trades"."side" in ('buy', 'sell')),
	CONSTRAINT "commodity_trades_units" CHECK ("commodity_trades"."units_scaled" > 0)
);
--> statement-breakpoint
CREATE TABLE "fixed_income_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"principal_minor" bigint NOT NULL,
	"rate_bps" integer NOT NULL,
	"coupon_months" integer,
	"withholding_tax" boolean NOT NULL,
	"start_on" date NOT NULL,
	"maturity_on" date NOT NULL,
	"next_payment_on" date,
	"payments_made" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"gross_paid_minor" bigint DEFAULT 0 NOT NULL,
	"tax_paid_minor" bigint DEFAULT 0 NOT NULL,
	"matured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixed_income_orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "fixed_income_orders_status" CHECK ("fixed_income_orders"."status" in ('active', 'matured')),
	CONSTRAINT "fixed_income_orders_principal" CHECK ("fixed_income_orders"."principal_minor" > 0),
	CONSTRAINT "fixed_income_orders_term" CHECK ("fixed_income_orders"."maturity_on" > "fixed_income_orders"."start_on")
);
--> statement-breakpoint
CREATE TABLE "fixed_income_payments" (
	"order_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"kind" text NOT NULL,
	"principal_minor" bigint NOT NULL,
	"gross_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fixed_income_payments_order_id_due_on_pk" PRIMARY KEY("order_id","due_on"),
	CONSTRAINT "fixed_income_payments_kind" CHECK ("fixed_income_payments"."kind" in ('coupon', 'maturity'))
);
--> statement-breakpoint
CREATE TABLE "fixed_income_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"issuer" text NOT NULL,
	"description" text NOT NULL,
	"tenor" integer NOT NULL,
	"tenor_unit" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"coupon_months" integer,
	"withholding_tax" boolean NOT NULL,
	"minimum_minor" bigint NOT NULL,
	"maximum_minor" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "fixed_income_products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "fixed_income_products_kind" CHECK ("fixed_income_products"."kind" in ('treasury_bill', 'fgn_bond', 'commercial_paper', 'corporate_bond')),
	CONSTRAINT "fixed_income_products_tenor_unit" CHECK ("fixed_income_products"."tenor_unit" in ('days', 'months')),
	CONSTRAINT "fixed_income_products_tenor" CHECK ("fixed_income_products"."tenor" > 0),
	CONSTRAINT "fixed_income_products_rate" CHECK ("fixed_income_products"."rate_bps" between 0 and 10000),
	CONSTRAINT "fixed_income_products_coupon" CHECK ("fixed_income_products"."coupon_months" is null or ("fixed_income_products"."tenor_unit" = 'months' and "fixed_income_products"."coupon_months" > 0 and "fixed_income_products"."tenor" % "fixed_income_products"."coupon_months" = 0)),
	CONSTRAINT "fixed_income_products_limits" CHECK ("fixed_income_products"."minimum_minor" > 0 and "fixed_income_products"."maximum_minor" >= "fixed_income_products"."minimum_minor")
);
--> statement-breakpoint
CREATE TABLE "portfolio_snapshots" (
	"user_id" uuid NOT NULL,
	"on_date" date NOT NULL,
	"total_minor" bigint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	CONSTRAINT "portfolio_snapshots_user_id_on_date_pk" PRIMARY KEY("user_id","on_date")
);
--> statement-breakpoint
CREATE TABLE "real_estate_distributions" (
	"property_id" uuid NOT NULL,
	"period_end" date NOT NULL,
	"units_held" integer NOT NULL,
	"pool_minor" bigint NOT NULL,
	"holders" integer NOT NULL,
	"distributed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "real_estate_distributions_property_id_period_end_pk" PRIMARY KEY("property_id","period_end")
);
--> statement-breakpoint
CREATE TABLE "real_estate_holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"cost_minor" bigint NOT NULL,
	"rent_gross_minor" bigint DEFAULT 0 NOT NULL,
	"rent_tax_minor" bigint DEFAULT 0 NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "real_estate_holdings_units" CHECK ("real_estate_holdings"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "real_estate_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"holding_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"price_per_unit_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"bought_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "real_estate_orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "real_estate_orders_units" CHECK ("real_estate_orders"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "real_estate_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"description" text NOT NULL,
	"price_per_unit_minor" bigint NOT NULL,
	"units_total" integer NOT NULL,
	"units_available" integer NOT NULL,
	"rental_yield_bps" integer NOT NULL,
	"rent_paid_through" date,
	"art" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "real_estate_properties_slug_unique" UNIQUE("slug"),
	CONSTRAINT "real_estate_properties_units" CHECK ("real_estate_properties"."units_available" >= 0 and "real_estate_properties"."units_available" <= "real_estate_properties"."units_total"),
	CONSTRAINT "real_estate_properties_price" CHECK ("real_estate_properties"."price_per_unit_minor" > 0),
	CONSTRAINT "real_estate_properties_yield" CHECK ("real_estate_properties"."rental_yield_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "real_estate_rent_payments" (
	"property_id" uuid NOT NULL,
	"period_end" date NOT NULL,
	"holding_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"gross_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	CONSTRAINT "real_estate_rent_payments_property_id_period_end_holding_id_pk" PRIMARY KEY("property_id","period_end","holding_id")
);
--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_category_id_commodity_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."commodity_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_holdings" ADD CONSTRAINT "commodity_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_holdings" ADD CONSTRAINT "commodity_holdings_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_prices" ADD CONSTRAINT "commodity_prices_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_quotes" ADD CONSTRAINT "commodity_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_quotes" ADD CONSTRAINT "commodity_quotes_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_trades" ADD CONSTRAINT "commodity_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_trades" ADD CONSTRAINT "commodity_trades_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_trades" ADD CONSTRAINT "commodity_trades_quote_id_commodity_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."commodity_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_income_orders" ADD CONSTRAINT "fixed_income_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_income_orders" ADD CONSTRAINT "fixed_income_orders_product_id_fixed_income_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fixed_income_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_income_orders" ADD CONSTRAINT "fixed_income_orders_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_income_payments" ADD CONSTRAINT "fixed_income_payments_order_id_fixed_income_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."fixed_income_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_distributions" ADD CONSTRAINT "real_estate_distributions_property_id_real_estate_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."real_estate_properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_holdings" ADD CONSTRAINT "real_estate_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_holdings" ADD CONSTRAINT "real_estate_holdings_property_id_real_estate_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."real_estate_properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_holdings" ADD CONSTRAINT "real_estate_holdings_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_orders" ADD CONSTRAINT "real_estate_orders_holding_id_real_estate_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."real_estate_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_orders" ADD CONSTRAINT "real_estate_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_orders" ADD CONSTRAINT "real_estate_orders_property_id_real_estate_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."real_estate_properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_rent_payments" ADD CONSTRAINT "real_estate_rent_payments_property_id_real_estate_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."real_estate_properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_rent_payments" ADD CONSTRAINT "real_estate_rent_payments_holding_id_real_estate_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."real_estate_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commodities_category_idx" ON "commodities" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "commodity_quotes_user_idx" ON "commodity_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "commodity_trades_user_idx" ON "commodity_trades" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fixed_income_orders_user_idx" ON "fixed_income_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fixed_income_orders_due_idx" ON "fixed_income_orders" USING btree ("next_payment_on") WHERE "fixed_income_orders"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "real_estate_holdings_owner_idx" ON "real_estate_holdings" USING btree ("user_id","property_id");--> statement-breakpoint
CREATE INDEX "real_estate_holdings_property_idx" ON "real_estate_holdings" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "real_estate_orders_property_idx" ON "real_estate_orders" USING btree ("property_id","bought_on");
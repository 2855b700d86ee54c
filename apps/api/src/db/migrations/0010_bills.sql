-- Bills (issue 16): the catalogue (billers and data plans, seeded from db/bill-catalogue.ts),
-- the meters and betting accounts users verified, and the sandbox bills vendor's own books.
CREATE TABLE "bill_billers" (
	"id" text PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"service_id" text NOT NULL,
	"prefixes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"colour" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bill_billers_type" CHECK ("bill_billers"."type" in (1, 2, 4, 5))
);
--> statement-breakpoint
CREATE TABLE "bill_plans" (
	"biller_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"validity" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bill_plans_biller_id_code_pk" PRIMARY KEY("biller_id","code"),
	CONSTRAINT "bill_plans_amount_positive" CHECK ("bill_plans"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "bill_verifications" (
	"user_id" uuid NOT NULL,
	"biller_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"meter_type" text DEFAULT '' NOT NULL,
	"customer_name" text NOT NULL,
	"address" text,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bill_verifications_user_id_biller_id_customer_id_meter_type_pk" PRIMARY KEY("user_id","biller_id","customer_id","meter_type")
);
--> statement-breakpoint
CREATE TABLE "sandbox_bill_payments" (
	"request_id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"service_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"variation_code" text,
	"phone" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"token" text,
	"units" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_plans" ADD CONSTRAINT "bill_plans_biller_id_bill_billers_id_fk" FOREIGN KEY ("biller_id") REFERENCES "public"."bill_billers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_verifications" ADD CONSTRAINT "bill_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_verifications" ADD CONSTRAINT "bill_verifications_biller_id_bill_billers_id_fk" FOREIGN KEY ("biller_id") REFERENCES "public"."bill_billers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_billers_type_idx" ON "bill_billers" USING btree ("type","position","id");
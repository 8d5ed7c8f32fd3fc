CREATE TABLE "loyalty_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"points_balance" integer DEFAULT 0 NOT NULL,
	"held_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_accounts_points_ck" CHECK ("loyalty_accounts"."points_balance" >= 0 and "loyalty_accounts"."held_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer,
	"kind" smallint NOT NULL,
	"points" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"provider" smallint DEFAULT 5 NOT NULL,
	"points_per_dollar" integer NOT NULL,
	"points_per_reward_dollar" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_programs_rates_ck" CHECK ("loyalty_programs"."points_per_dollar" >= 0 and "loyalty_programs"."points_per_reward_dollar" > 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reward_type" text NOT NULL,
	"points_cost" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "loyalty_rewards_type_ck" CHECK ("loyalty_rewards"."reward_type" in ('Amount', 'Voucher')),
	CONSTRAINT "loyalty_rewards_amounts_ck" CHECK ("loyalty_rewards"."points_cost" > 0 and "loyalty_rewards"."discount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "spent_sso_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_identities" ADD CONSTRAINT "loyalty_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_account_id_loyalty_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."loyalty_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_accounts_member_uq" ON "loyalty_accounts" USING btree ("brand_id","customer_id");--> statement-breakpoint
CREATE INDEX "loyalty_identities_customer_idx" ON "loyalty_identities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_account_idx" ON "loyalty_ledger" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_order_kind_uq" ON "loyalty_ledger" USING btree ("order_id","kind") WHERE "loyalty_ledger"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "loyalty_rewards_brand_idx" ON "loyalty_rewards" USING btree ("brand_id","position");
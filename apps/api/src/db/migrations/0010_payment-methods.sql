CREATE TYPE "public"."wallet_session_status" AS ENUM('open', 'approved', 'cancelled');--> statement-breakpoint
CREATE TABLE "location_payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"payment_method" smallint NOT NULL,
	"processor_code" text,
	"requires_verified_identity" boolean DEFAULT false NOT NULL,
	"avs_coverage_level" text DEFAULT 'ZipCodeOnly' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_payment_methods_method_ck" CHECK ("location_payment_methods"."payment_method" in (2, 5, 6, 15)),
	CONSTRAINT "location_payment_methods_avs_ck" CHECK ("location_payment_methods"."avs_coverage_level" in ('None', 'ZipCodeOnly', 'AddressAndZipCode'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_gift_card_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_card_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"initial_balance_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gift_cards_balance_ck" CHECK ("sandbox_gift_cards"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallet_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "wallet_session_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"processor_code" text NOT NULL,
	"vault_token" text NOT NULL,
	"card_brand" text NOT NULL,
	"last_four" text NOT NULL,
	"billing_address" jsonb,
	"avs_coverage_level" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift_card_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "saved_payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "wallet_session_id" uuid;--> statement-breakpoint
ALTER TABLE "location_payment_methods" ADD CONSTRAINT "location_payment_methods_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gift_card_entries" ADD CONSTRAINT "sandbox_gift_card_entries_gift_card_id_sandbox_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."sandbox_gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wallet_sessions" ADD CONSTRAINT "sandbox_wallet_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payments" ADD CONSTRAINT "saved_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "location_payment_methods_uq" ON "location_payment_methods" USING btree ("location_id","payment_method");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gift_card_entries_key_uq" ON "sandbox_gift_card_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_gift_card_entries_card_idx" ON "sandbox_gift_card_entries" USING btree ("gift_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gift_cards_number_uq" ON "sandbox_gift_cards" USING btree ("number");--> statement-breakpoint
CREATE INDEX "saved_payments_customer_idx" ON "saved_payments" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_saved_payment_id_saved_payments_id_fk" FOREIGN KEY ("saved_payment_id") REFERENCES "public"."saved_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Stores that existed before this migration keep what they accepted: the credit card through the Aurus frame.
INSERT INTO "location_payment_methods" ("location_id", "payment_method", "processor_code", "display_order") SELECT "id", 5, 'AURUS_HOSTED', 0 FROM "locations";

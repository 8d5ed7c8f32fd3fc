CREATE TYPE "public"."close_outcome" AS ENUM('placed', 'declined', 'failed');--> statement-breakpoint
CREATE TYPE "public"."idempotency_status" AS ENUM('processing', 'completed');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('Pending', 'Approved', 'Declined', 'Failed');--> statement-breakpoint
CREATE TABLE "close_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer,
	"idempotency_key" text NOT NULL,
	"outcome" "close_outcome" NOT NULL,
	"code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" "idempotency_status" DEFAULT 'processing' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_method" integer NOT NULL,
	"processor_code" text,
	"status" "payment_status" DEFAULT 'Pending' NOT NULL,
	"base_amount_cents" integer NOT NULL,
	"tip_amount_cents" integer DEFAULT 0 NOT NULL,
	"hosted_session_id" uuid,
	"processor_token" text,
	"card_brand" text,
	"last_four" text,
	"charge_id" text,
	"approved_amount_cents" integer,
	"billing_address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"token_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"outcome" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_first_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_last_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_option" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "car_color" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "car_type" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfillment_place" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expected_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_notification_types" smallint[];--> statement-breakpoint
ALTER TABLE "close_requests" ADD CONSTRAINT "close_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "close_requests_order_idx" ON "close_requests" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_key_uq" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_hosted_session_uq" ON "payments" USING btree ("hosted_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_idempotency_key_uq" ON "sandbox_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_number_uq" ON "orders" USING btree ("reference_number");
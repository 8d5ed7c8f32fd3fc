ALTER TABLE "location_delivery_zones" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_delivery_zones" ADD COLUMN "min_order_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_line1" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_line2" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_state_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zip_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_min_order_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "driver_tip_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_provider_ref" text;
ALTER TABLE "location_pickup_methods" ADD COLUMN "additional_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_fields" jsonb;
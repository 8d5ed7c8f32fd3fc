CREATE TYPE "public"."delivery_zone_kind" AS ENUM('radius', 'polygon');--> statement-breakpoint
CREATE TABLE "location_delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"kind" "delivery_zone_kind" NOT NULL,
	"radius_miles" double precision,
	"polygon" jsonb,
	CONSTRAINT "location_delivery_zones_shape_ck" CHECK (("location_delivery_zones"."kind" = 'radius' and "location_delivery_zones"."radius_miles" > 0 and "location_delivery_zones"."polygon" is null) or ("location_delivery_zones"."kind" = 'polygon' and "location_delivery_zones"."polygon" is not null and "location_delivery_zones"."radius_miles" is null))
);
--> statement-breakpoint
ALTER TABLE "ui_templates" ADD COLUMN "search_fulfillment_methods" smallint[] DEFAULT '{1}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "location_delivery_zones" ADD CONSTRAINT "location_delivery_zones_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_delivery_zones_location_idx" ON "location_delivery_zones" USING btree ("location_id");
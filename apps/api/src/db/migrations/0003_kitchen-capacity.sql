CREATE TABLE "kitchen_slot_loads" (
	"location_id" integer NOT NULL,
	"fulfillment_method" smallint NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kitchen_slot_loads_location_id_fulfillment_method_slot_start_pk" PRIMARY KEY("location_id","fulfillment_method","slot_start"),
	CONSTRAINT "kitchen_slot_loads_non_negative_ck" CHECK ("kitchen_slot_loads"."orders" >= 0 and "kitchen_slot_loads"."items" >= 0)
);
--> statement-breakpoint
CREATE TABLE "location_slot_capacities" (
	"location_id" integer NOT NULL,
	"fulfillment_method" smallint NOT NULL,
	"max_orders" integer,
	"max_items" integer,
	CONSTRAINT "location_slot_capacities_location_id_fulfillment_method_pk" PRIMARY KEY("location_id","fulfillment_method"),
	CONSTRAINT "location_slot_capacities_positive_ck" CHECK (("location_slot_capacities"."max_orders" is null or "location_slot_capacities"."max_orders" > 0) and ("location_slot_capacities"."max_items" is null or "location_slot_capacities"."max_items" > 0))
);
--> statement-breakpoint
ALTER TABLE "kitchen_slot_loads" ADD CONSTRAINT "kitchen_slot_loads_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_slot_capacities" ADD CONSTRAINT "location_slot_capacities_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;
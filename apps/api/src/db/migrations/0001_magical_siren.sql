CREATE TYPE "public"."location_demo_schedule" AS ENUM('closes-soon', 'opens-later');--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_brands" (
	"location_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"default_filter" boolean DEFAULT false NOT NULL,
	CONSTRAINT "location_brands_location_id_brand_id_pk" PRIMARY KEY("location_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "location_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"date" date NOT NULL,
	"title" text NOT NULL,
	"is_open" boolean NOT NULL,
	"opens_at" smallint,
	"closes_at" smallint,
	CONSTRAINT "location_holidays_hours_ck" CHECK (("location_holidays"."opens_at" is null) = ("location_holidays"."closes_at" is null) and ("location_holidays"."is_open" or "location_holidays"."opens_at" is null))
);
--> statement-breakpoint
CREATE TABLE "location_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_at" smallint NOT NULL,
	"closes_at" smallint NOT NULL,
	CONSTRAINT "location_hours_weekday_ck" CHECK ("location_hours"."weekday" between 0 and 6),
	CONSTRAINT "location_hours_range_ck" CHECK ("location_hours"."opens_at" between 0 and 1439 and "location_hours"."closes_at" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "location_pickup_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"pickup_option" smallint NOT NULL,
	"notes" text,
	"car_details_required" boolean DEFAULT false NOT NULL,
	"parking_space_required" boolean DEFAULT false NOT NULL,
	"parking_space_min" integer,
	"parking_space_max" integer,
	CONSTRAINT "location_pickup_methods_option_ck" CHECK ("location_pickup_methods"."pickup_option" between 0 and 2),
	CONSTRAINT "location_pickup_methods_range_ck" CHECK (("location_pickup_methods"."parking_space_min" is null) = ("location_pickup_methods"."parking_space_max" is null) and ("location_pickup_methods"."parking_space_min" is null or "location_pickup_methods"."parking_space_min" <= "location_pickup_methods"."parking_space_max"))
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state_code" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text NOT NULL,
	"time_zone" text NOT NULL,
	"is_online" boolean DEFAULT true NOT NULL,
	"accept_orders_when_closed" boolean DEFAULT false NOT NULL,
	"alert_title" text,
	"alert_service_alert" text,
	"fulfillment_methods" smallint[] DEFAULT '{1}'::smallint[] NOT NULL,
	"delivery_providers" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"average_pickup_eta_minutes" integer DEFAULT 15 NOT NULL,
	"average_delivery_eta_minutes" integer DEFAULT 45 NOT NULL,
	"hide_tipping" boolean DEFAULT false NOT NULL,
	"hide_contact_info_for_tableside" boolean DEFAULT false NOT NULL,
	"hide_contact_info_for_curbside" boolean DEFAULT false NOT NULL,
	"min_order_amount_cents" integer,
	"max_order_amount_cents" integer,
	"prep_time_minutes" integer DEFAULT 15 NOT NULL,
	"catering_prep_time_minutes" integer DEFAULT 1440 NOT NULL,
	"allow_checkout_instructions" boolean DEFAULT true NOT NULL,
	"allow_item_instructions" boolean DEFAULT true NOT NULL,
	"include_utensils_option" boolean DEFAULT true NOT NULL,
	"demo_schedule" "location_demo_schedule",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_latitude_ck" CHECK ("locations"."latitude" between -90 and 90),
	CONSTRAINT "locations_longitude_ck" CHECK ("locations"."longitude" between -180 and 180),
	CONSTRAINT "locations_prep_time_ck" CHECK ("locations"."prep_time_minutes" >= 0),
	CONSTRAINT "locations_order_limits_ck" CHECK ("locations"."min_order_amount_cents" is null or "locations"."max_order_amount_cents" is null or "locations"."min_order_amount_cents" <= "locations"."max_order_amount_cents")
);
--> statement-breakpoint
CREATE TABLE "ui_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"location_id" integer,
	"brand_name" text NOT NULL,
	"company_name" text NOT NULL,
	"primary_font" text DEFAULT 'Inter' NOT NULL,
	"secondary_font" text DEFAULT 'Inter' NOT NULL,
	"text_primary_color" text DEFAULT '#1F1F1F' NOT NULL,
	"text_secondary_color" text DEFAULT '#FFFFFF' NOT NULL,
	"header_background_color" text DEFAULT '#8B0000' NOT NULL,
	"button_primary_color" text DEFAULT '#8B0000' NOT NULL,
	"button_secondary_color" text DEFAULT '#FFFFFF' NOT NULL,
	"fav_icon" text,
	"logo" text,
	"hide_default_modifiers" boolean DEFAULT false NOT NULL,
	"brand_filter_template_name" text DEFAULT 'name' NOT NULL,
	"search_title" text,
	"search_secondary_title" text
);
--> statement-breakpoint
ALTER TABLE "location_brands" ADD CONSTRAINT "location_brands_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_brands" ADD CONSTRAINT "location_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_holidays" ADD CONSTRAINT "location_holidays_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_hours" ADD CONSTRAINT "location_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_pickup_methods" ADD CONSTRAINT "location_pickup_methods_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_templates" ADD CONSTRAINT "ui_templates_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_templates" ADD CONSTRAINT "ui_templates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "location_holidays_location_date_uq" ON "location_holidays" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "location_hours_location_idx" ON "location_hours" USING btree ("location_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "location_pickup_methods_uq" ON "location_pickup_methods" USING btree ("location_id","pickup_option");--> statement-breakpoint
CREATE INDEX "locations_lat_lng_idx" ON "locations" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "locations_brand_idx" ON "locations" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ui_templates_brand_default_uq" ON "ui_templates" USING btree ("brand_id") WHERE "ui_templates"."location_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ui_templates_location_uq" ON "ui_templates" USING btree ("location_id") WHERE "ui_templates"."location_id" is not null;
CREATE TYPE "public"."location_demo_schedule" AS ENUM('closes-soon', 'opens-later');--> statement-breakpoint
CREATE TYPE "public"."close_outcome" AS ENUM('placed', 'declined', 'failed');--> statement-breakpoint
CREATE TYPE "public"."idempotency_status" AS ENUM('processing', 'completed');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('Pending', 'Approved', 'Declined', 'Failed');--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"app_type" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_menus" (
	"location_id" integer NOT NULL,
	"catering" boolean DEFAULT false NOT NULL,
	"menu_id" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_menus_location_id_catering_pk" PRIMARY KEY("location_id","catering")
);
--> statement-breakpoint
CREATE TABLE "menu_snapshot_nodes" (
	"snapshot_id" integer NOT NULL,
	"item_path_key" text NOT NULL,
	"parent_path_key" text,
	"position" integer NOT NULL,
	"node" jsonb NOT NULL,
	CONSTRAINT "menu_snapshot_nodes_snapshot_id_item_path_key_pk" PRIMARY KEY("snapshot_id","item_path_key")
);
--> statement-breakpoint
CREATE TABLE "menu_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"catering" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"title" text NOT NULL,
	"catering" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portions" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"tare" integer,
	"unit_type" text
);
--> statement-breakpoint
CREATE TABLE "order_item_modifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"item_path_key" text NOT NULL,
	"title" text NOT NULL,
	"quantity" smallint NOT NULL,
	"portion_id" integer,
	"unit_price_cents" integer NOT NULL,
	"included_quantity" smallint DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_path_key" text NOT NULL,
	"title" text NOT NULL,
	"quantity" smallint NOT NULL,
	"portion_id" integer,
	"portion_title" text,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"note" text,
	"cross_sell_offer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_quantity_ck" CHECK ("order_items"."quantity" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"source" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" integer,
	"location_id" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"order_channel" smallint NOT NULL,
	"fulfillment_method" smallint DEFAULT 1 NOT NULL,
	"status" smallint,
	"placed_at" timestamp with time zone,
	"order_date_time" timestamp with time zone,
	"notes" text,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"service_charge_cents" integer DEFAULT 0 NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 1000 NOT NULL,
	"sales_tax_cents" integer DEFAULT 0 NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"contact_first_name" text,
	"contact_last_name" text,
	"contact_phone" text,
	"contact_email" text,
	"pickup_option" smallint,
	"car_color" smallint,
	"car_type" smallint,
	"fulfillment_place" text,
	"scheduled_ready_at" timestamp with time zone,
	"expected_ready_at" timestamp with time zone,
	"reference_number" text,
	"guest_notification_types" smallint[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" is null or "orders"."status" between 1 and 4),
	CONSTRAINT "orders_money_ck" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."total_cents" >= 0 and "orders"."tip_cents" >= 0)
);
--> statement-breakpoint
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
ALTER TABLE "location_brands" ADD CONSTRAINT "location_brands_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_brands" ADD CONSTRAINT "location_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_holidays" ADD CONSTRAINT "location_holidays_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_hours" ADD CONSTRAINT "location_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_pickup_methods" ADD CONSTRAINT "location_pickup_methods_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_templates" ADD CONSTRAINT "ui_templates_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_templates" ADD CONSTRAINT "ui_templates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_menus" ADD CONSTRAINT "location_menus_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_menus" ADD CONSTRAINT "location_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_menus" ADD CONSTRAINT "location_menus_snapshot_id_menu_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."menu_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_snapshot_nodes" ADD CONSTRAINT "menu_snapshot_nodes_snapshot_id_menu_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."menu_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_snapshots" ADD CONSTRAINT "menu_snapshots_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_snapshots" ADD CONSTRAINT "menu_snapshots_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_modifiers" ADD CONSTRAINT "order_item_modifiers_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_snapshot_id_menu_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."menu_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "close_requests" ADD CONSTRAINT "close_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_client_id_uq" ON "clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_keys_key_hash_uq" ON "staff_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "location_holidays_location_date_uq" ON "location_holidays" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "location_hours_location_idx" ON "location_hours" USING btree ("location_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "location_pickup_methods_uq" ON "location_pickup_methods" USING btree ("location_id","pickup_option");--> statement-breakpoint
CREATE INDEX "locations_lat_lng_idx" ON "locations" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "locations_brand_idx" ON "locations" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ui_templates_brand_default_uq" ON "ui_templates" USING btree ("brand_id") WHERE "ui_templates"."location_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ui_templates_location_uq" ON "ui_templates" USING btree ("location_id") WHERE "ui_templates"."location_id" is not null;--> statement-breakpoint
CREATE INDEX "menu_snapshot_nodes_parent_idx" ON "menu_snapshot_nodes" USING btree ("snapshot_id","parent_path_key");--> statement-breakpoint
CREATE INDEX "menu_snapshots_location_idx" ON "menu_snapshots" USING btree ("location_id","catering");--> statement-breakpoint
CREATE INDEX "order_item_modifiers_item_idx" ON "order_item_modifiers" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","changed_at");--> statement-breakpoint
CREATE INDEX "orders_session_idx" ON "orders" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_number_uq" ON "orders" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "orders_location_status_idx" ON "orders" USING btree ("location_id","status");--> statement-breakpoint
CREATE INDEX "close_requests_order_idx" ON "close_requests" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_key_uq" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_hosted_session_uq" ON "payments" USING btree ("hosted_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_idempotency_key_uq" ON "sandbox_charges" USING btree ("idempotency_key");
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" is null or "orders"."status" between 1 and 4),
	CONSTRAINT "orders_money_ck" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."total_cents" >= 0 and "orders"."tip_cents" >= 0)
);
--> statement-breakpoint
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
CREATE INDEX "menu_snapshot_nodes_parent_idx" ON "menu_snapshot_nodes" USING btree ("snapshot_id","parent_path_key");--> statement-breakpoint
CREATE INDEX "menu_snapshots_location_idx" ON "menu_snapshots" USING btree ("location_id","catering");--> statement-breakpoint
CREATE INDEX "order_item_modifiers_item_idx" ON "order_item_modifiers" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","changed_at");--> statement-breakpoint
CREATE INDEX "orders_session_idx" ON "orders" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "orders_location_status_idx" ON "orders" USING btree ("location_id","status");
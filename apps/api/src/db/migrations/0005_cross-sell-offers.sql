CREATE TABLE "cross_sell_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"title" text,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"trigger_item_master_ids" integer[] NOT NULL,
	"offered_item_master_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cross_sell_offers" ADD CONSTRAINT "cross_sell_offers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cross_sell_offers_brand_idx" ON "cross_sell_offers" USING btree ("brand_id","enabled");
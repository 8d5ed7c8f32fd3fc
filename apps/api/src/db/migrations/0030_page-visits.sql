CREATE TABLE "page_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page_type" text NOT NULL,
	"title" text NOT NULL,
	"fulfillment_method" integer,
	"location_id" integer,
	"menu" text,
	"item_path_key" text,
	"category" text,
	"order_id" integer
);
--> statement-breakpoint
CREATE INDEX "page_visits_occurred_at_idx" ON "page_visits" USING btree ("occurred_at");
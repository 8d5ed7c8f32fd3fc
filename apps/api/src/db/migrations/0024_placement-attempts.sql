CREATE TABLE "placement_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'authorizing' NOT NULL,
	"payment_id" integer,
	"charge_key" text,
	"charge_cents" integer,
	"total_cents" integer NOT NULL,
	"captures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_attempts_status_ck" CHECK ("placement_attempts"."status" in ('authorizing', 'placed', 'reversing', 'reversed'))
);
--> statement-breakpoint
ALTER TABLE "placement_attempts" ADD CONSTRAINT "placement_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "placement_attempts_order_idx" ON "placement_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "placement_attempts_authorizing_uq" ON "placement_attempts" USING btree ("order_id") WHERE "placement_attempts"."status" = 'authorizing';--> statement-breakpoint
CREATE INDEX "placement_attempts_open_idx" ON "placement_attempts" USING btree ("created_at") WHERE "placement_attempts"."status" in ('authorizing', 'reversing');
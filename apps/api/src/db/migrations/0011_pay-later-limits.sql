CREATE TABLE "pay_later_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"customer_id" integer,
	"contact_phone" text,
	"contact_email" text,
	"client_address" text,
	"due_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_later_orders_due_ck" CHECK ("pay_later_orders"."due_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "location_payment_methods" ADD COLUMN "max_open_unpaid_orders" integer;--> statement-breakpoint
ALTER TABLE "location_payment_methods" ADD COLUMN "max_unpaid_total_cents" integer;--> statement-breakpoint
ALTER TABLE "pay_later_orders" ADD CONSTRAINT "pay_later_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_later_orders" ADD CONSTRAINT "pay_later_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_later_orders_location_idx" ON "pay_later_orders" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "pay_later_orders_customer_idx" ON "pay_later_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "pay_later_orders_phone_idx" ON "pay_later_orders" USING btree ("contact_phone");--> statement-breakpoint
CREATE INDEX "pay_later_orders_email_idx" ON "pay_later_orders" USING btree ("contact_email");--> statement-breakpoint
CREATE INDEX "pay_later_orders_address_idx" ON "pay_later_orders" USING btree ("client_address");--> statement-breakpoint
ALTER TABLE "location_payment_methods" ADD CONSTRAINT "location_payment_methods_pay_later_ck" CHECK (("location_payment_methods"."max_open_unpaid_orders" is null or "location_payment_methods"."max_open_unpaid_orders" >= 0) and ("location_payment_methods"."max_unpaid_total_cents" is null or "location_payment_methods"."max_unpaid_total_cents" >= 0));
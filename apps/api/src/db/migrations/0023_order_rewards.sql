CREATE TABLE "order_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reward_id" integer,
	"instance_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reward_type" text NOT NULL,
	"points" integer NOT NULL,
	"requested_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_rewards_type_ck" CHECK ("order_rewards"."reward_type" in ('Amount', 'Voucher')),
	CONSTRAINT "order_rewards_amounts_ck" CHECK ("order_rewards"."points" > 0 and "order_rewards"."requested_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_rewards" ADD CONSTRAINT "order_rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rewards" ADD CONSTRAINT "order_rewards_reward_id_loyalty_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."loyalty_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_rewards_order_uq" ON "order_rewards" USING btree ("order_id");
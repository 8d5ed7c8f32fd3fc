ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversal" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_cancel_refund_due_idx" ON "orders" USING btree ("cancelled_at") WHERE "orders"."cancelled_at" is not null and "orders"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_ck" CHECK ("orders"."refunded_at" is null or "orders"."cancelled_at" is not null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversal_ck" CHECK ("payments"."reversal" is null or "payments"."reversal" in ('voided', 'refunded', 'released'));--> statement-breakpoint
-- A cancellation is a change the kitchen shows: its screens hear it like a status move (see 0009).
DROP TRIGGER IF EXISTS orders_kitchen_notify ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_kitchen_notify
  AFTER UPDATE ON orders
  FOR EACH ROW
  WHEN (
    NEW.placed_at IS NOT NULL AND (
      OLD.placed_at IS DISTINCT FROM NEW.placed_at
      OR OLD.status IS DISTINCT FROM NEW.status
      OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at
      OR OLD.pickup_option IS DISTINCT FROM NEW.pickup_option
      OR OLD.car_color IS DISTINCT FROM NEW.car_color
      OR OLD.car_type IS DISTINCT FROM NEW.car_type
      OR OLD.fulfillment_place IS DISTINCT FROM NEW.fulfillment_place
      OR OLD.expected_ready_at IS DISTINCT FROM NEW.expected_ready_at
    )
  )
  EXECUTE FUNCTION storefront_notify_kitchen_order();

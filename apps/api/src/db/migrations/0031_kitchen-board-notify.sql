-- The kitchen board's answer (GET /v1/staff/orders) is kept by each API process until its store's orders
-- change, which it learns from this trigger's notifications (see 0009): so every column the board's ticket
-- shows notifies, not only the ones the live stream needed first (the tracking page's pickup fields, a
-- rescheduled ready time, a cancellation's reason, contact and delivery details, notes, totals). A placed order's
-- lines and payments never change outside its placing transaction (which notifies as it sets placed_at).
-- An order moved to another store notifies the store it left as well.
CREATE OR REPLACE FUNCTION storefront_notify_kitchen_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'storefront_kitchen_orders',
    json_build_object('locationId', NEW.location_id, 'orderId', NEW.id, 'statusId', NEW.status)::text
  );
  IF OLD.location_id IS DISTINCT FROM NEW.location_id AND OLD.placed_at IS NOT NULL THEN
    PERFORM pg_notify(
      'storefront_kitchen_orders',
      json_build_object('locationId', OLD.location_id, 'orderId', NEW.id, 'statusId', NEW.status)::text
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_kitchen_notify ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_kitchen_notify
  AFTER UPDATE ON orders
  FOR EACH ROW
  WHEN (
    (NEW.placed_at IS NOT NULL OR OLD.placed_at IS NOT NULL) AND (
      OLD.placed_at IS DISTINCT FROM NEW.placed_at
      OR OLD.location_id IS DISTINCT FROM NEW.location_id
      OR OLD.status IS DISTINCT FROM NEW.status
      OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at
      OR OLD.cancel_reason IS DISTINCT FROM NEW.cancel_reason
      OR OLD.reference_number IS DISTINCT FROM NEW.reference_number
      OR OLD.expected_ready_at IS DISTINCT FROM NEW.expected_ready_at
      OR OLD.scheduled_ready_at IS DISTINCT FROM NEW.scheduled_ready_at
      OR OLD.fulfillment_method IS DISTINCT FROM NEW.fulfillment_method
      OR OLD.pickup_option IS DISTINCT FROM NEW.pickup_option
      OR OLD.car_color IS DISTINCT FROM NEW.car_color
      OR OLD.car_type IS DISTINCT FROM NEW.car_type
      OR OLD.fulfillment_place IS DISTINCT FROM NEW.fulfillment_place
      OR OLD.pickup_fields IS DISTINCT FROM NEW.pickup_fields
      OR OLD.contact_first_name IS DISTINCT FROM NEW.contact_first_name
      OR OLD.contact_last_name IS DISTINCT FROM NEW.contact_last_name
      OR OLD.contact_phone IS DISTINCT FROM NEW.contact_phone
      OR OLD.contact_email IS DISTINCT FROM NEW.contact_email
      OR OLD.delivery_line1 IS DISTINCT FROM NEW.delivery_line1
      OR OLD.delivery_line2 IS DISTINCT FROM NEW.delivery_line2
      OR OLD.delivery_city IS DISTINCT FROM NEW.delivery_city
      OR OLD.delivery_state_code IS DISTINCT FROM NEW.delivery_state_code
      OR OLD.delivery_provider_ref IS DISTINCT FROM NEW.delivery_provider_ref
      OR OLD.notes IS DISTINCT FROM NEW.notes
      OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
    )
  )
  EXECUTE FUNCTION storefront_notify_kitchen_order();

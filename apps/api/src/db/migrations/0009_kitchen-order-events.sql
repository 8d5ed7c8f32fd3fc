-- Kitchen screens follow their orders live (GET /v1/staff/locations/{id}/events): every change a kitchen shows
-- (placement, a status move, a pickup change made on the tracking page) notifies the channel
-- storefront_kitchen_orders when its transaction commits. A trigger, not the services, so that no write path
-- can forget it, and NOTIFY reaches every API process listening on the database (PGlite supports it too).
CREATE OR REPLACE FUNCTION storefront_notify_kitchen_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'storefront_kitchen_orders',
    json_build_object('locationId', NEW.location_id, 'orderId', NEW.id, 'statusId', NEW.status)::text
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_kitchen_notify
  AFTER UPDATE ON orders
  FOR EACH ROW
  WHEN (
    NEW.placed_at IS NOT NULL AND (
      OLD.placed_at IS DISTINCT FROM NEW.placed_at
      OR OLD.status IS DISTINCT FROM NEW.status
      OR OLD.pickup_option IS DISTINCT FROM NEW.pickup_option
      OR OLD.car_color IS DISTINCT FROM NEW.car_color
      OR OLD.car_type IS DISTINCT FROM NEW.car_type
      OR OLD.fulfillment_place IS DISTINCT FROM NEW.fulfillment_place
      OR OLD.expected_ready_at IS DISTINCT FROM NEW.expected_ready_at
    )
  )
  EXECUTE FUNCTION storefront_notify_kitchen_order();

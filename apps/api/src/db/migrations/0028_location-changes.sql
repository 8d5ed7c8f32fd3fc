CREATE TABLE "location_changes" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"changed_by" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "location_changes_changed_by_idx" ON "location_changes" USING btree ("changed_by");--> statement-breakpoint
-- Every write to a store's catalogue rows stamps the store with the writing transaction's id: an API process
-- re-reads the stores stamped at or after the oldest transaction still running at its last read.
CREATE OR REPLACE FUNCTION storefront_location_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_TABLE_NAME = 'brands' THEN
    -- A brand's name and logo show in every store that lists it.
    changed := ARRAY(
      SELECT location_id FROM location_brands WHERE brand_id IN (OLD.id, NEW.id)
      UNION SELECT id FROM locations WHERE brand_id IN (OLD.id, NEW.id));
  ELSIF TG_TABLE_NAME = 'locations' THEN
    changed := ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[OLD.id, NEW.id]) x WHERE x IS NOT NULL);
  ELSE
    changed := ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[OLD.location_id, NEW.location_id]) x WHERE x IS NOT NULL);
  END IF;
  INSERT INTO location_changes (location_id, changed_by)
    SELECT x, pg_current_xact_id()::text::bigint FROM unnest(changed) x
    ON CONFLICT (location_id) DO UPDATE SET changed_by = excluded.changed_by;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_changed AFTER INSERT OR UPDATE OR DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION storefront_location_changed();
--> statement-breakpoint
CREATE TRIGGER location_hours_changed AFTER INSERT OR UPDATE OR DELETE ON location_hours
  FOR EACH ROW EXECUTE FUNCTION storefront_location_changed();
--> statement-breakpoint
CREATE TRIGGER location_holidays_changed AFTER INSERT OR UPDATE OR DELETE ON location_holidays
  FOR EACH ROW EXECUTE FUNCTION storefront_location_changed();
--> statement-breakpoint
CREATE TRIGGER location_pickup_methods_changed AFTER INSERT OR UPDATE OR DELETE ON location_pickup_methods
  FOR EACH ROW EXECUTE FUNCTION storefront_location_changed();
--> statement-breakpoint
CREATE TRIGGER location_brands_changed AFTER INSERT OR UPDATE OR DELETE ON location_brands
  FOR EACH ROW EXECUTE FUNCTION storefront_location_changed();
--> statement-breakpoint
CREATE TRIGGER location_delivery_zones_changed AFTER INSERT OR UPDATE OR DELETE ON location_delivery_zones
  FOR EACH ROW EXECUTE FUNCTION storefront_location_changed();
--> statement-breakpoint
CREATE TRIGGER brands_changed AFTER UPDATE OR DELETE ON brands
  FOR EACH ROW EXECUTE FUNCTION storefront_location_changed();
--> statement-breakpoint
-- A truncation (the seed's reset) stamps store 0: every process reads its whole catalogue again.
CREATE OR REPLACE FUNCTION storefront_locations_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO location_changes (location_id, changed_by) VALUES (0, pg_current_xact_id()::text::bigint)
    ON CONFLICT (location_id) DO UPDATE SET changed_by = excluded.changed_by;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_truncated AFTER TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION storefront_locations_truncated();
--> statement-breakpoint
CREATE TRIGGER location_hours_truncated AFTER TRUNCATE ON location_hours
  FOR EACH STATEMENT EXECUTE FUNCTION storefront_locations_truncated();
--> statement-breakpoint
CREATE TRIGGER location_holidays_truncated AFTER TRUNCATE ON location_holidays
  FOR EACH STATEMENT EXECUTE FUNCTION storefront_locations_truncated();
--> statement-breakpoint
CREATE TRIGGER location_pickup_methods_truncated AFTER TRUNCATE ON location_pickup_methods
  FOR EACH STATEMENT EXECUTE FUNCTION storefront_locations_truncated();
--> statement-breakpoint
CREATE TRIGGER location_brands_truncated AFTER TRUNCATE ON location_brands
  FOR EACH STATEMENT EXECUTE FUNCTION storefront_locations_truncated();
--> statement-breakpoint
CREATE TRIGGER location_delivery_zones_truncated AFTER TRUNCATE ON location_delivery_zones
  FOR EACH STATEMENT EXECUTE FUNCTION storefront_locations_truncated();
--> statement-breakpoint
CREATE TRIGGER brands_truncated AFTER TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION storefront_locations_truncated();

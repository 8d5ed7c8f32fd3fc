import type { PickupFieldValue } from '@storefront/contracts/checkout';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import type { Db } from '../../db/client';
import { staffSessions } from '../../db/schema/clients';
import { epochMs, runStatement, statement } from '../../db/statements';

// The staff credentials are checked on every staff request (a kitchen screen polls its board): sent by name.
const STAFF_KEY_BY_HASH = statement(
  'staff_key_by_hash',
  'select id from staff_keys where key_hash = $1 limit 1',
);
const ACTIVE_STAFF_SESSION = statement(
  'active_staff_session',
  `select id, staff_key_id as "staffKeyId" from staff_sessions
   where token_hash = $1 and revoked_at is null and expires_at > $2 limit 1`,
);

export async function findStaffKeyByHash(db: Db, keyHash: string): Promise<{ id: number } | null> {
  const [row] = await runStatement<{ id: number }>(db, STAFF_KEY_BY_HASH, [keyHash]);
  return row ?? null;
}

export async function insertStaffSession(
  db: Db,
  values: { tokenHash: string; staffKeyId: number; expiresAt: Date },
) {
  await db.insert(staffSessions).values(values);
}

/** The session of this token hash while it is neither revoked nor expired. */
export async function findActiveStaffSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; staffKeyId: number } | null> {
  const [row] = await runStatement<{ id: number; staffKeyId: number }>(db, ACTIVE_STAFF_SESSION, [
    tokenHash,
    now.toISOString(),
  ]);
  return row ?? null;
}

export async function updateStaffSessionRevoked(db: Db, id: number, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
}

/** Whether the session is still open (neither revoked nor expired): a live kitchen stream asks at each heartbeat. */
export async function isStaffSessionActive(db: Db, id: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/** A ticket's line as the board answers it: its keys in the answer's order (the rows are passed on as read). */
export interface KitchenItem {
  id: number;
  quantity: number;
  title: string;
  portionTitle: string | null;
  modifiers: { title: string; quantity: number }[];
  notes: string | null;
}

/**
 * An order on the kitchen board: the columns its ticket shows (instants as epoch milliseconds), its lines and
 * what it owes at the store.
 */
export interface KitchenOrderRow {
  id: number;
  referenceNumber: string | null;
  locationId: number;
  status: number | null;
  placedAtMs: number;
  expectedReadyAtMs: number | null;
  scheduledReadyAtMs: number | null;
  fulfillmentMethod: number;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  pickupOption: number | null;
  carColor: number | null;
  carType: number | null;
  fulfillmentPlace: string | null;
  pickupFields: PickupFieldValue[] | null;
  deliveryLine1: string | null;
  deliveryLine2: string | null;
  deliveryCity: string | null;
  deliveryStateCode: string | null;
  deliveryProviderRef: string | null;
  notes: string | null;
  totalCents: number;
  cancelledAtMs: number | null;
  cancelReason: string | null;
  items: KitchenItem[];
  /** Pending Pay at the Store payments, cents (0 when none). */
  unpaidCents: number;
}

/**
 * The board's columns: only what a ticket shows (the whole row as JSON, mapped back column by column, was most
 * of the route's CPU and garbage), its lines in the order added with their modifiers in their positions, and the
 * sum of its pending offline-credit (Pay at the Store) payments.
 */
const KITCHEN_COLUMNS = `o.id, o.reference_number as "referenceNumber", o.location_id as "locationId", o.status,
  ${epochMs('o.placed_at')} as "placedAtMs", ${epochMs('o.expected_ready_at')} as "expectedReadyAtMs",
  ${epochMs('o.scheduled_ready_at')} as "scheduledReadyAtMs", o.fulfillment_method as "fulfillmentMethod",
  o.contact_first_name as "contactFirstName", o.contact_last_name as "contactLastName",
  o.contact_phone as "contactPhone", o.contact_email as "contactEmail", o.pickup_option as "pickupOption",
  o.car_color as "carColor", o.car_type as "carType", o.fulfillment_place as "fulfillmentPlace",
  o.pickup_fields as "pickupFields", o.delivery_line1 as "deliveryLine1", o.delivery_line2 as "deliveryLine2",
  o.delivery_city as "deliveryCity", o.delivery_state_code as "deliveryStateCode",
  o.delivery_provider_ref as "deliveryProviderRef", o.notes, o.total_cents as "totalCents",
  ${epochMs('o.cancelled_at')} as "cancelledAtMs", o.cancel_reason as "cancelReason",
  coalesce((select json_agg(json_build_object('id', i.id, 'quantity', i.quantity, 'title', i.title,
      'portionTitle', i.portion_title,
      'modifiers', coalesce((select json_agg(json_build_object('title', m.title, 'quantity', m.quantity)
        order by m.position, m.id) from order_item_modifiers m where m.order_item_id = i.id), '[]'::json),
      'notes', i.note)
    order by i.id) from order_items i where i.order_id = o.id), '[]'::json) as items,
  coalesce((select sum(p.base_amount_cents + p.tip_amount_cents) from payments p
    where p.order_id = o.id and p.payment_method = ${PAYMENT_METHOD.OfflineCredit} and p.status = 'Pending'), 0)::int
    as "unpaidCents"`;

const KITCHEN_ORDERS = statement(
  'kitchen_orders',
  `select ${KITCHEN_COLUMNS} from orders o
   where o.location_id = $1 and o.placed_at is not null order by o.placed_at, o.id`,
);

// By (location_id, status) along orders_location_status_idx: a busy store's few open orders, not its year.
// Exported for the scale bench's EXPLAIN.
export const KITCHEN_ORDERS_OF_STATUSES = statement(
  'kitchen_orders_of_statuses',
  `select ${KITCHEN_COLUMNS} from orders o
   where o.location_id = $1 and o.status = any($2::int[]) and o.placed_at is not null order by o.placed_at, o.id`,
);

/**
 * The placed orders of a location (of `statuses` when given), oldest first, with their lines and unpaid amounts:
 * one named statement (the board is polled by every kitchen screen; built by Drizzle it was four statements and
 * most of the route's CPU).
 */
export async function findKitchenOrders(
  db: Db,
  locationId: number,
  statuses?: readonly number[],
): Promise<KitchenOrderRow[]> {
  return statuses && statuses.length > 0
    ? runStatement<KitchenOrderRow>(db, KITCHEN_ORDERS_OF_STATUSES, [
        locationId,
        // An array literal: PGlite and pg both take it as text for the int[] cast.
        `{${statuses.map((s) => Math.trunc(s)).join(',')}}`,
      ])
    : runStatement<KitchenOrderRow>(db, KITCHEN_ORDERS, [locationId]);
}

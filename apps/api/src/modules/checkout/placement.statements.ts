/**
 * The statements of a placement's happy path (place-order.service.ts, issue 36), written once and sent by name:
 *   START (autocommit, before any processor call): for an order the processor is asked about, claims the
 *     Idempotency-Key and, when it was new and the order is the session's and open, records the placement
 *     attempt with its processor keys; answers what the rules need (the order, its payments and lines, the
 *     store's row, its kitchen's capacity and loads, whether a reward is applied, the card method's address
 *     check), none of it locked, and the key's row when it was known already. For an order that asks the
 *     processor nothing (pay at the store, nothing due) it writes nothing: the order is placed by one transaction;
 *   LOCK (first statement of the placing transaction): the order locked, the Idempotency-Key claimed when START
 *     did not claim it, the pay-later advisory locks, with the order's payments, lines (for the receipt), the store's
 *     row, the capacity and loads, the brand's message templates, the store's pay-later caps and, for a
 *     member's order, the loyalty program's rate and the member's points (the account row locked; the
 *     receipt's points);
 *   WRITE: the attempt 'placed' (only from 'authorizing': the fence against a takeover), the payments approved,
 *     the order received, its history, close request and receipt, an unpaid order's pay-later record and the
 *     open unpaid orders counted, and the key's answer stored (only while the
 *     claim holds: the fence of the Idempotency-Key's lease). The guarded kitchen-slot upsert follows it
 *     (capacity.repository.ts), then COMMIT.
 */
import { statement } from '../../db/statements';
import { PAY_LATER_LOCK_NAMESPACE } from '../pay-later/pay-later.repository';

/** The first key of the advisory lock a transaction claiming an Idempotency-Key holds on it ('IDKY'). */
const KEY_LOCK_NAMESPACE = 0x49444b59;

/** Lines of an order as one JSON value (a receipt's lines with their modifiers). */
const LINES = `(select coalesce(jsonb_agg(jsonb_build_object(
      'quantity', i.quantity, 'title', i.title, 'portionTitle', i.portion_title, 'totalCents', i.total_cents,
      'note', i.note,
      'modifiers', (select coalesce(jsonb_agg(jsonb_build_object('quantity', m.quantity, 'title', m.title)
                      order by m.position), '[]'::jsonb)
                    from order_item_modifiers m where m.order_item_id = i.id)) order by i.id), '[]'::jsonb)
    from order_items i where i.order_id = o.id)`;

/**
 * The kitchen's capacity for the order's fulfilment method, and the loads of the slots the rules look at: the
 * scheduled time's slot, or (ASAP) from the slot of the earliest ready time (`now` + the store's preparation
 * time) to ASAP_ROLL_SLOTS (8, two hours) after it.
 */
const KITCHEN = (now: string) => `
  (select row_to_json(c) from location_slot_capacities c
    where c.location_id = o.location_id and c.fulfillment_method = o.fulfillment_method) as capacity,
  (select coalesce(jsonb_agg(jsonb_build_object('slotStart', k.slot_start, 'orders', k.orders, 'items', k.items)),
                   '[]'::jsonb)
    from kitchen_slot_loads k, locations kl
    where kl.id = o.location_id and k.location_id = o.location_id
      and k.fulfillment_method = o.fulfillment_method
      and k.slot_start > coalesce(o.scheduled_ready_at,
                                  ${now} + make_interval(mins => kl.prep_time_minutes)) - interval '15 minutes'
      and k.slot_start <= coalesce(o.scheduled_ready_at,
                                   ${now} + make_interval(mins => kl.prep_time_minutes + 120))) as loads`;

/**
 * $1 scope, $2 key, $3 request hash, $4 lease until, $5 order id, $6 session id, $7 the attempt's tag, $8 now.
 * The key is claimed here (committed before the processor is asked) only for an order the processor is asked
 * about; an order that asks it nothing claims its key inside its one placing transaction (LOCK), so that this
 * statement writes nothing for it. `known_key` is the key's row when it was there already (committed before
 * this statement began): replayed, 409 while it runs, or recovered once its lease is over.
 */
export const START = statement(
  'placement_start',
  `with open_pay as (
    select p.id, p.payment_method, coalesce(p.gift_card_id, 0) as card_id,
           p.base_amount_cents + p.tip_amount_cents as amount
    from payments p where p.order_id = $5 and p.status <> 'Approved'
  ),
  rest as (select id, payment_method from open_pay where payment_method <> 6 order by id desc limit 1),
  plan as (
    select o.id, o.total_cents,
      coalesce((select sum(g.amount) from open_pay g where g.payment_method = 6), 0)::int as gift_cents,
      (select id from rest where payment_method <> 2) as charged_id,
      coalesce((select jsonb_agg(jsonb_build_object(
          'paymentId', g.id, 'cardId', g.card_id,
          'captureKey', 'capture:order-' || o.id || ':payment-' || g.id || ':attempt-' || $7::text,
          'amountCents', g.amount) order by g.card_id, g.id)
        from open_pay g where g.payment_method = 6), '[]'::jsonb) as captures
    from orders o where o.id = $5 and o.session_id = $6 and o.placed_at is null
  ),
  charge as (
    select plan.*, (charged_id is not null and total_cents - gift_cents > 0) as charges from plan
  ),
  asks as (select id from charge where charges or jsonb_array_length(captures) > 0),
  claim as (
    insert into idempotency_keys (scope, key, request_hash, lease_expires_at, order_id)
    select $1, $2, $3, $4, $5 from asks
    on conflict (scope, key) do nothing
    returning id
  ),
  att as (
    insert into placement_attempts
      (order_id, idempotency_key, payment_id, charge_key, charge_cents, total_cents, captures)
    select id, $2,
      case when charges then charged_id end,
      case when charges then 'order-' || id || '-payment-' || charged_id || '-attempt-' || $7::text end,
      case when charges then total_cents - gift_cents end,
      total_cents, captures
    from charge
    where exists (select 1 from claim) and (charges or jsonb_array_length(captures) > 0)
      -- Another attempt running or placed as this statement began (its placing transaction may be committing
      -- now, unseen by this snapshot): the general path waits on the order's lock and answers 409.
      and not exists (select 1 from placement_attempts pa
                      where pa.order_id = charge.id and pa.status in ('authorizing', 'placed'))
    on conflict do nothing
    returning *
  )
  select
    (select id from claim) as claim_id,
    exists (select 1 from asks) as asks_processor,
    (select row_to_json(k) from idempotency_keys k where k.scope = $1 and k.key = $2) as known_key,
    (select row_to_json(att) from att) as attempt,
    row_to_json(o) as "order",
    (select coalesce(jsonb_agg(row_to_json(p) order by p.id), '[]'::jsonb)
      from payments p where p.order_id = o.id) as payments,
    (select count(*)::int from order_items i where i.order_id = o.id) as line_count,
    (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as quantity,
    (select row_to_json(l) from locations l where l.id = o.location_id) as location,
    ${KITCHEN('$8::timestamptz')},
    exists (select 1 from order_rewards r where r.order_id = o.id) as has_reward,
    (select row_to_json(m) from location_payment_methods m
      where m.location_id = o.location_id and m.payment_method = 5 limit 1) as card_method
  from (select 1) as one left join orders o on o.id = $5`,
);

/**
 * The receipt's points part (a member's order at a brand with our own loyalty program, provider 5): the
 * program's earning rate and the member's available points, the member's account row locked (FOR UPDATE) so
 * that the balance stays what was read until this transaction's own hold and COMMIT (another order's hold or
 * completion for the same member waits). The member is the placing session's customer ($3), else the order's.
 */
const LOYALTY = `(select jsonb_build_object('pointsPerDollar', lp.points_per_dollar,
      'balance', coalesce((select a.points_balance from loyalty_accounts a
                           where a.brand_id = lp.brand_id and a.customer_id = coalesce($3::int, o.user_id)
                           for update), 0))
    from locations ll join loyalty_programs lp on lp.brand_id = ll.brand_id and lp.provider = 5
    where ll.id = o.location_id and coalesce($3::int, o.user_id) is not null)`;

/**
 * $1 order id, $2 now, $3 the placing session's customer (null: a guest); $4-$7 the Idempotency-Key claimed in
 * this transaction (scope, key, request hash, lease until; $4 null: the key is held already), $8 the pay-later
 * advisory lock keys ('{...}' int4[], empty for an order paid in full).
 * A claim first takes the key's own advisory lock, without waiting: `key_free` is false (and nothing is locked
 * or written) when another transaction is placing with the same key at this moment (409 while it runs, as for a
 * key claimed before a processor call); then the order is locked, then the key claimed and the pay-later locks
 * taken in ascending order (the targets are computed after the lateral row lock), as every placement takes
 * them: the order's row first, then the store's and the guest's locks.
 */
export const LOCK = statement(
  'placement_lock',
  `with free as materialized (
    select $4::text is null
      or pg_try_advisory_xact_lock(${KEY_LOCK_NAMESPACE}, hashtext($4::text || '/' || $5::text)) as ok
  ),
  claim as (
    insert into idempotency_keys (scope, key, request_hash, lease_expires_at, order_id)
    select $4::text, $5::text, $6::text, $7::timestamptz, $1 from free where $4::text is not null and free.ok
    on conflict (scope, key) do nothing
    returning id
  )
  select (select ok from free) as key_free, (select id from claim) as claim_id,
    (select count(*)::int from (
      select pg_advisory_xact_lock(${PAY_LATER_LOCK_NAMESPACE}, s.k)
      from (select distinct u.k from unnest($8::int4[]) as u(k) where free.ok order by u.k) s) held)
      as pay_later_locks,
    row_to_json(o) as "order",
    (select coalesce(jsonb_agg(row_to_json(p) order by p.id), '[]'::jsonb)
      from payments p where p.order_id = o.id) as payments,
    ${LINES} as lines,
    (select row_to_json(l) from locations l where l.id = o.location_id) as location,
    ${KITCHEN('$2::timestamptz')},
    exists (select 1 from order_rewards r where r.order_id = o.id) as has_reward,
    (select jsonb_build_object('name', b.name, 'own', row_to_json(t))
      from locations l join brands b on b.id = l.brand_id
      left join brand_message_templates t on t.brand_id = b.id
      where l.id = o.location_id) as brand,
    ${LOYALTY} as loyalty,
    (select jsonb_build_object('maxOpenUnpaidOrders', m.max_open_unpaid_orders,
                               'maxUnpaidTotalCents', m.max_unpaid_total_cents)
      from location_payment_methods m
      where m.location_id = o.location_id and m.payment_method = 2 limit 1) as pay_later
  from free left join lateral (select * from orders lo where lo.id = $1 and free.ok for update) o on true`,
);

/**
 * $1 attempt id, $2 order id, $3 the approved payments (JSON: id, chargeId, amountCents, card, brand, lastFour),
 * $4 placed at, $5 user id (null: kept), $6 expected ready at, $7 reference number, $8 delivery reference,
 * $9 guest notification types ('{1,2}' or null), $10 the close request's payment id, $11 its key, $12 the claim's
 * id, $13 its lease, $14 the answer (JSON), $15-$19 the receipt (idempotency key, to, subject, text, html; $16
 * null: none), $20 an order left to pay at the store (JSON: locationId, customerId, contactPhone, contactEmail,
 * clientAddress, dueCents; null: none): recorded, and the open pay-later orders of the store and of each of the
 * guest's identities counted (LOCK holds their advisory locks, so this statement's snapshot sees every placement
 * that held them before; the caller rolls back when a cap is reached).
 */
export const WRITE = statement(
  'placement_write',
  `with att as (
    update placement_attempts set status = 'placed', updated_at = now()
    where id = $1 and status = 'authorizing' returning id
  ),
  pay as (
    update payments p set status = 'Approved', charge_id = v."chargeId", approved_amount_cents = v."amountCents",
      processor_token = case when v.card then null else p.processor_token end,
      card_brand = case when v.card then v.brand else p.card_brand end,
      last_four = case when v.card then v."lastFour" else p.last_four end,
      updated_at = now()
    from jsonb_to_recordset($3::jsonb)
      as v(id int, "chargeId" text, "amountCents" int, card boolean, brand text, "lastFour" text)
    where p.id = v.id returning p.id
  ),
  ord as (
    update orders set status = 1, placed_at = $4, user_id = coalesce($5::int, user_id), expected_ready_at = $6,
      reference_number = $7, delivery_provider_ref = $8, guest_notification_types = $9::smallint[],
      updated_at = now()
    where id = $2 returning id
  ),
  hist as (insert into order_status_history (order_id, status, source) values ($2, 1, 'guest')),
  closed as (
    insert into close_requests (order_id, payment_id, idempotency_key, outcome, code)
    values ($2, $10, $11, 'placed', 0)
  ),
  mail as (
    insert into outbox_messages
      (channel, category, idempotency_key, recipient, subject, text_body, html_body)
    select 'email', 'order', $15::uuid, $16::text, $17, $18, $19 where $16::text is not null
  ),
  later_in as (
    select * from jsonb_to_record($20::jsonb)
      as v("locationId" int, "customerId" int, "contactPhone" text, "contactEmail" text, "clientAddress" text,
           "dueCents" int)
    where $20::jsonb is not null
  ),
  later as (
    insert into pay_later_orders
      (order_id, location_id, customer_id, contact_phone, contact_email, client_address, due_cents)
    select $2, v."locationId", v."customerId", v."contactPhone", v."contactEmail", v."clientAddress", v."dueCents"
    from later_in v
  ),
  later_open as (
    select count(*) filter (where p.location_id = v."locationId")::int as store,
      count(*) filter (where p.customer_id = v."customerId")::int as customer,
      count(*) filter (where p.contact_phone = v."contactPhone")::int as phone,
      count(*) filter (where p.contact_email = v."contactEmail")::int as email,
      count(*) filter (where p.client_address = v."clientAddress")::int as address
    from later_in v
    join pay_later_orders p on p.location_id = v."locationId" or p.customer_id = v."customerId"
      or p.contact_phone = v."contactPhone" or p.contact_email = v."contactEmail"
      or p.client_address = v."clientAddress"
    -- A completed order is paid, a cancelled one gives its room back: neither counts.
    join orders lo on lo.id = p.order_id and lo.status is distinct from 4 and lo.cancelled_at is null
  ),
  idem as (
    update idempotency_keys
      set status = 'completed', response_status = 200, response_body = $14::jsonb, completed_at = now()
    where id = $12 and status = 'processing' and lease_expires_at = $13 returning id
  )
  select exists (select 1 from att) as placed, exists (select 1 from idem) as stored,
    (select count(*)::int from pay) as approved, exists (select 1 from ord) as ordered,
    (select row_to_json(later_open) from later_open where $20::jsonb is not null) as pay_later_open`,
);

'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { ApiError } from '@storefront/contracts/api';
import {
  FULFILLMENT_METHOD,
  FulfillmentMethodSchema,
  PICKUP_TYPE,
  type FulfillmentMethod,
} from '@storefront/contracts/enums';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import {
  DeliveryAddressSchema,
  FulfillmentSettingsSchema,
  OrderTimeOptionsSchema,
  StoreSchema,
} from '@storefront/contracts/locations';
import {
  OrderTimeSchema,
  chooseFulfillmentMethod,
  defaultOrderSettings,
  type OrderTime,
} from '@storefront/contracts/order-settings';
import { TableNumberSchema } from '@storefront/contracts/checkout';
import { TABLE_NUMBER_MESSAGE, pickupChoiceError } from '@storefront/contracts/pickup';
import { OrderItemSchema, OrderSchema, isSameDeliveryAddress } from '@storefront/contracts/orders';
import { NOT_SUPPORTED_MESSAGE } from '@/features/locations/address-rules';
import { getDeliveryEstimate } from '@/features/locations/delivery-estimate';
import { DELIVERY_UNAVAILABLE_MESSAGE } from './delivery-messages';
import { apiRequest } from '@/lib/api';
import { getDeliveryChoice, setDeliveryChoice } from '@/lib/delivery-address-cookie';
import { getOrderRef } from '@/lib/order-cookie';
import { getStoredOrderSettings, setOrderSettings } from '@/lib/order-settings-cookie';

const SaveInputSchema = z.object({
  locationId: z.number().int().positive(),
  catering: z.boolean(),
  fulfillmentMethod: FulfillmentMethodSchema,
  time: OrderTimeSchema,
  /** The guest pressed Continue on 'Your order will change': the listed lines may go. */
  confirmed: z.boolean().optional(),
  /** Delivery: the Apartment field (line 2 of the checked address). */
  apartment: z.string().trim().max(200).optional(),
});
export type SaveOrderSettingsInput = z.input<typeof SaveInputSchema>;

/**
 * 'invalid-date': the InvalidOrderDateTime dialog (the stored schedule has been cleared). 'will-change': nothing
 * was saved; these lines of the order cannot be served with the new method ('Your order will change').
 */
export type SaveOrderSettingsResult =
  | { ok: true }
  | { ok: false; reason: 'invalid-date' | 'unexpected'; error: string }
  | { ok: false; reason: 'will-change'; items: UnavailableLine[] };
export interface UnavailableLine {
  id: number;
  title: string;
  quantity: number;
}

const UnavailableItemsSchema = z.array(OrderItemSchema);

/** Codes that mean the chosen date/time cannot be used at this store (spec: InvalidOrderDateTime and 21037). */
const INVALID_DATE_CODES: readonly number[] = [
  ORDER_ERROR.InvalidOrderDateTime,
  ORDER_ERROR.InvalidOrderTime,
];
const isInvalidDate = (errors: readonly ApiError[]) =>
  errors.some((e) => INVALID_DATE_CODES.includes(Number(e.code)));

const UNEXPECTED = { ok: false, reason: 'unexpected', error: 'Please try again.' } as const;
const INVALID_DATE = {
  ok: false,
  reason: 'invalid-date',
  error: 'Please use a valid Date for the Location',
} as const;

/** Whether `at` is one of the store's ready-time slots for the method on its date. */
async function isOfferedTime(
  locationId: number,
  catering: boolean,
  fulfillmentMethod: number,
  at: string,
): Promise<boolean> {
  const result = await apiRequest(z.array(OrderTimeOptionsSchema), `locations/${locationId}/order-times`, {
    query: { fulfillmentMethod, catering, customDate: at.slice(0, 10) },
  });
  if (!result.ok) return false;
  const wanted = Date.parse(at);
  return result.value.some((day) => day.times.some((t) => Date.parse(t) === wanted));
}

/**
 * Saves the Order Settings (method and ASAP or a scheduled time) for this store: in the settings cookie, and on
 * the current order when there is one (method through PATCH, time through PUT ready-time). A time the store
 * cannot serve clears the stored schedule and answers 'invalid-date'. A method change that would remove lines
 * of the order saves nothing and answers 'will-change' with them, until called again with `confirmed`.
 */
export async function saveOrderSettings(input: SaveOrderSettingsInput): Promise<SaveOrderSettingsResult> {
  const parsed = SaveInputSchema.safeParse(input);
  if (!parsed.success) return UNEXPECTED;
  const { locationId, catering, fulfillmentMethod, time, confirmed, apartment } = parsed.data;
  const stored = await getStoredOrderSettings();
  const base =
    stored && stored.locationId === locationId && stored.catering === catering
      ? stored
      : defaultOrderSettings(locationId, catering, fulfillmentMethod);
  const storeTime = async (next: OrderTime) => setOrderSettings({ ...base, fulfillmentMethod, time: next });
  const refresh = () => revalidatePath(`/${locationId}/${catering ? 'catering' : 'menu'}`);

  if (time.kind === 'SCHEDULED' && !(await isOfferedTime(locationId, catering, fulfillmentMethod, time.at))) {
    await storeTime({ kind: 'ASAP' });
    refresh();
    return INVALID_DATE;
  }

  const ref = await getOrderRef();
  if (ref && ref.locationId === locationId) {
    const order = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`);
    if (order.ok && !order.value.isPlaced) {
      if (!confirmed && order.value.context.fulfillmentMethod !== fulfillmentMethod) {
        const unavailable = await apiRequest(
          UnavailableItemsSchema,
          `sales/orders/${ref.orderId}/unavailable-items`,
          { query: { fulfillmentMethod } },
        );
        if (!unavailable.ok) return UNEXPECTED;
        if (unavailable.value.length > 0) {
          const items = unavailable.value.map(({ id, title, quantity }) => ({ id, title, quantity }));
          return { ok: false, reason: 'will-change', items };
        }
      }
      if (fulfillmentMethod === FULFILLMENT_METHOD.Delivery) {
        // Delivery: the address chosen for this store goes on the order (which makes it a delivery order),
        // unless the delivery order already has it (empty fields equal).
        const delivery = await deliveryChoiceWithApartment(locationId, apartment);
        if (!delivery) return UNEXPECTED;
        const current = order.value.fulfillmentInformation;
        const unchanged =
          order.value.context.fulfillmentMethod === FULFILLMENT_METHOD.Delivery &&
          isSameDeliveryAddress(current?.delivery, delivery.address);
        if (!unchanged) {
          const put = await apiRequest(z.unknown(), `sales/orders/${ref.orderId}/delivery-address`, {
            method: 'PUT',
            body: { address: delivery.address },
          });
          if (!put.ok)
            return { ok: false, reason: 'unexpected', error: 'Failed to update the Delivery Address' };
        }
      } else if (order.value.context.fulfillmentMethod !== fulfillmentMethod) {
        const moved = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`, {
          method: 'PATCH',
          body: { snapshotId: order.value.context.snapshotId, fulfillmentMethod },
        });
        if (!moved.ok) return UNEXPECTED;
      }
      const ready = await apiRequest(z.unknown(), `sales/orders/${ref.orderId}/ready-time`, {
        method: 'PUT',
        body: { orderReadyTime: time.kind === 'SCHEDULED' ? time.at : null },
      });
      if (!ready.ok) {
        if (!isInvalidDate(ready.errors)) return UNEXPECTED;
        await storeTime({ kind: 'ASAP' });
        refresh();
        return INVALID_DATE;
      }
    }
  }
  if (
    fulfillmentMethod === FULFILLMENT_METHOD.Delivery &&
    !(await deliveryChoiceWithApartment(locationId, apartment))
  )
    return UNEXPECTED;
  await storeTime(time);
  refresh();
  return { ok: true };
}

/**
 * The delivery address checked for this store, with the Apartment field as its second line (kept in the
 * cookie for the next order); null when no address has been checked for this store.
 */
async function deliveryChoiceWithApartment(locationId: number, apartment: string | undefined) {
  const delivery = await getDeliveryChoice();
  if (delivery?.locationId !== locationId) return null;
  if (apartment === undefined || apartment === delivery.address.line2) return delivery;
  const next = { ...delivery, address: { ...delivery.address, line2: apartment } };
  await setDeliveryChoice(next);
  return next;
}

const CheckAddressSchema = z.object({
  locationId: z.number().int().positive(),
  catering: z.boolean(),
  address: DeliveryAddressSchema.required({ latitude: true, longitude: true }),
});

export type CheckDeliveryAddressResult = { ok: true } | { ok: false; error: string };

/**
 * The Order Settings' address box: whether this store delivers to the picked place (its delivery estimate
 * has no errors). A deliverable address is kept as the guest's delivery choice for the store; Save Changes then
 * puts it on the order.
 */
export async function checkDeliveryAddress(
  input: z.input<typeof CheckAddressSchema>,
): Promise<CheckDeliveryAddressResult> {
  const parsed = CheckAddressSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: NOT_SUPPORTED_MESSAGE };
  const { locationId, catering, address } = parsed.data;
  const first = await getDeliveryEstimate(locationId, catering, address);
  if (!first || first.errors.length > 0) return { ok: false, error: DELIVERY_UNAVAILABLE_MESSAGE };
  await setDeliveryChoice({ locationId, address, deliveryTime: first.deliveryTime });
  revalidatePath(`/${locationId}/${catering ? 'catering' : 'menu'}`);
  return { ok: true };
}

const CurbsideInputSchema = z.object({
  locationId: z.number().int().positive(),
  catering: z.boolean(),
  pickupOption: z.union([z.literal(PICKUP_TYPE.Curbside), z.literal(PICKUP_TYPE.DriveThru)]),
  carType: z.number().int().min(0).max(100).nullable(),
  carColor: z.number().int().min(0).max(100).nullable(),
  fulfillmentPlace: z.string().trim().max(20).nullable(),
});

export type PickupChoiceResult = { ok: true } | { ok: false; field: string; error: string };

/**
 * The curbside welcome form (or a drive-thru choice): checked against the store's pickup options with the
 * spec's messages, then kept in the Order Settings (pickup, with the car and the place) for checkout.
 */
export async function saveCurbsideChoice(
  input: z.input<typeof CurbsideInputSchema>,
): Promise<PickupChoiceResult> {
  const parsed = CurbsideInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, field: 'form', error: 'Please review the form.' };
  const data = parsed.data;
  const settings = await apiRequest(
    FulfillmentSettingsSchema,
    `locations/${data.locationId}/fulfillment-settings`,
  );
  if (!settings.ok) return { ok: false, field: 'form', error: 'Please try again.' };
  const problem = pickupChoiceError(settings.value.availablePickupMethods, data);
  if (problem) return { ok: false, field: problem.field, error: problem.message };
  const stored = await getStoredOrderSettings();
  const base =
    stored && stored.locationId === data.locationId && stored.catering === data.catering
      ? stored
      : defaultOrderSettings(data.locationId, data.catering, FULFILLMENT_METHOD.Pickup);
  await setOrderSettings({
    ...base,
    fulfillmentMethod: FULFILLMENT_METHOD.Pickup,
    pickupOption: data.pickupOption,
    carType: data.carType,
    carColor: data.carColor,
    fulfillmentPlace: data.fulfillmentPlace || null,
  });
  await moveOrderTo(data.locationId, FULFILLMENT_METHOD.Pickup);
  revalidatePath(`/${data.locationId}/${data.catering ? 'catering' : 'menu'}`);
  return { ok: true };
}

const TableInputSchema = z.object({
  locationId: z.number().int().positive(),
  catering: z.boolean(),
  table: z.string().max(10),
});

/**
 * The table ordering modal: a table number 0 to 999 checked through the store (it must offer dine-in). The
 * order becomes dine-in at that table; an invalid number resets the method to the store's default.
 */
export async function saveTableChoice(input: z.input<typeof TableInputSchema>): Promise<PickupChoiceResult> {
  const parsed = TableInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, field: 'table', error: TABLE_NUMBER_MESSAGE };
  const { locationId, catering } = parsed.data;
  const table = TableNumberSchema.safeParse(parsed.data.table);
  const store = await apiRequest(StoreSchema, `locations/${locationId}`, { query: { catering } });
  const offersTables = store.ok && store.value.fulfillmentMethods.includes(FULFILLMENT_METHOD.DineIn);
  const stored = await getStoredOrderSettings();
  const base =
    stored && stored.locationId === locationId && stored.catering === catering
      ? stored
      : defaultOrderSettings(locationId, catering, FULFILLMENT_METHOD.Pickup);
  if (!table.success || !offersTables) {
    const fallback = store.ok ? (chooseFulfillmentMethod(null, store.value.fulfillmentMethods) ?? 1) : 1;
    await setOrderSettings({
      ...base,
      fulfillmentMethod: fallback,
      fulfillmentPlace: null,
      pickupOption: null,
    });
    revalidatePath(`/${locationId}/${catering ? 'catering' : 'menu'}`);
    return {
      ok: false,
      field: 'table',
      error: offersTables ? TABLE_NUMBER_MESSAGE : 'This store does not take table orders.',
    };
  }
  await setOrderSettings({
    ...base,
    fulfillmentMethod: FULFILLMENT_METHOD.DineIn,
    pickupOption: null,
    carType: null,
    carColor: null,
    fulfillmentPlace: String(table.data),
  });
  await moveOrderTo(locationId, FULFILLMENT_METHOD.DineIn);
  revalidatePath(`/${locationId}/${catering ? 'catering' : 'menu'}`);
  return { ok: true };
}

/** Puts the current order of this store (if any) on the method. */
async function moveOrderTo(locationId: number, fulfillmentMethod: FulfillmentMethod) {
  const ref = await getOrderRef();
  if (!ref || ref.locationId !== locationId) return;
  const order = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`);
  if (!order.ok || order.value.isPlaced || order.value.context.fulfillmentMethod === fulfillmentMethod)
    return;
  await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`, {
    method: 'PATCH',
    body: { snapshotId: order.value.context.snapshotId, fulfillmentMethod },
  });
}

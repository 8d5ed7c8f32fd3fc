'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { ApiError } from '@storefront/contracts/api';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { ItemPathKeySchema } from '@storefront/contracts/menu';
import {
  ItemNoteSchema,
  ItemQuantitySchema,
  OrderSchema,
  SelectedModifierInputSchema,
  lineModifiers,
  type Order,
} from '@storefront/contracts/orders';
import { apiRequest, type ApiResult } from '@/lib/api';
import { getOrderRef, setOrderRef } from '@/lib/order-cookie';
import { getDeliveryChoice } from '@/lib/delivery-address-cookie';
import { isSnapshotMismatch, orderFailure, type OrderFailure } from './order-failure';
import { getStoredOrderSettings, setOrderSettings } from '@/lib/order-settings-cookie';

export type { OrderFailureReason } from './order-failure';
export type ActionResult<T> = { ok: true; data: T } | OrderFailure;

/** Spec section 8. */
const DELIVERY_ADDRESS_FAILED = 'Failed to update the Delivery Address';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const MenuTypeSchema = z.enum(['menu', 'catering']);

const OrderItemInputSchema = z.object({
  locationId: Id,
  menuType: MenuTypeSchema,
  snapshotId: Id,
  itemPathKey: ItemPathKeySchema,
  instanceId: Id.nullable(),
  quantity: ItemQuantitySchema,
  portionId: Id.nullable(),
  modifiers: z.array(SelectedModifierInputSchema).max(100),
  note: ItemNoteSchema.nullable(),
  /** The cross-sell offer the item was added from (item page `crossSellId`, or the modal's direct add). */
  crossSellOfferId: z.string().max(100).nullable().optional(),
  /** On an update: the transition item (combo) the line becomes, which is `itemPathKey`. */
  transitionItemPathKey: ItemPathKeySchema.nullable().optional(),
});
export type OrderItemInput = z.input<typeof OrderItemInputSchema>;

const failure = orderFailure;

/** The order is gone for this session: unknown, foreign or expired (a new one is started). */
const isOrderGone = (result: { status: number; errors: readonly ApiError[] }) =>
  result.status === 404 ||
  result.status === 403 ||
  result.errors.some((e) => Number(e.code) === ORDER_ERROR.InvalidOrderId || Number(e.code) === 10029);

/** Runs a write on the order; on a snapshot mismatch moves the order to `snapshotId` (forceUpdate) and retries once. */
async function withSnapshotRetry(
  orderId: number,
  snapshotId: number,
  write: () => Promise<ApiResult<Order>>,
): Promise<ApiResult<Order>> {
  const first = await write();
  if (first.ok || !isSnapshotMismatch(first.errors)) return first;
  const moved = await apiRequest(OrderSchema, `sales/orders/${orderId}`, {
    method: 'PATCH',
    body: { snapshotId, forceUpdate: true },
  });
  return moved.ok ? write() : first;
}

function itemBody(input: z.output<typeof OrderItemInputSchema>) {
  return {
    quantity: input.quantity,
    portionId: input.portionId,
    modifiers: input.modifiers,
    note: input.note,
  };
}

/**
 * Adds an item to the current order, creating the order on the first add (or when the current one belongs to
 * another location, or is gone), and remembers it in the order cookie. Refreshes the store page's panel.
 */
export async function addOrderItem(input: OrderItemInput): Promise<ActionResult<Order>> {
  const parsed = OrderItemInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  const data = parsed.data;
  const body = {
    itemPathKey: data.itemPathKey,
    ...itemBody(data),
    ...(data.crossSellOfferId ? { crossSellOfferId: data.crossSellOfferId } : {}),
  };
  const post = (orderId: number) => () =>
    apiRequest(OrderSchema, `sales/orders/${orderId}/items`, { method: 'POST', body });

  const ref = await getOrderRef();
  if (ref && ref.locationId === data.locationId) {
    const result = await withSnapshotRetry(ref.orderId, data.snapshotId, post(ref.orderId));
    if (result.ok) return done(data, result.value);
    if (!isOrderGone(result)) return failure(result.errors);
  }

  // The new order takes the guest's Order Settings for this store: method (delivery when the search page chose
  // this store for an address), and the scheduled time if any.
  const [settings, delivery] = await Promise.all([getStoredOrderSettings(), getDeliveryChoice()]);
  const own = settings?.locationId === data.locationId ? settings : null;
  const deliveryHere = delivery?.locationId === data.locationId ? delivery : null;
  const method = own?.fulfillmentMethod ?? (deliveryHere ? FULFILLMENT_METHOD.Delivery : undefined);
  const created = await apiRequest(OrderSchema, 'sales/orders', {
    method: 'POST',
    body: { menuSnapshotId: data.snapshotId, ...(method === undefined ? {} : { fulfillmentMethod: method }) },
  });
  if (!created.ok) return failure(created.errors);
  await setOrderRef({ orderId: created.value.id, locationId: data.locationId, menuType: data.menuType });
  if (method === FULFILLMENT_METHOD.Delivery && deliveryHere) {
    const put = await apiRequest(z.unknown(), `sales/orders/${created.value.id}/delivery-address`, {
      method: 'PUT',
      body: { address: deliveryHere.address },
    });
    if (!put.ok) return { ok: false, error: DELIVERY_ADDRESS_FAILED, reason: 'unexpected' };
  }
  if (own?.time.kind === 'SCHEDULED') {
    const ready = await apiRequest(z.unknown(), `sales/orders/${created.value.id}/ready-time`, {
      method: 'PUT',
      body: { orderReadyTime: own.time.at },
    });
    // A time that has become invalid is cleared; the store page then asks again where scheduling is required.
    if (!ready.ok) await setOrderSettings({ ...own, time: { kind: 'ASAP' } });
  }
  const result = await post(created.value.id)();
  revalidatePath(`/${data.locationId}/${data.menuType}`);
  return result.ok ? { ok: true, data: result.value } : failure(result.errors);
}

function done(input: { locationId: number; menuType: string }, order: Order): ActionResult<Order> {
  revalidatePath(`/${input.locationId}/${input.menuType}`);
  return { ok: true, data: order };
}

/**
 * Replaces an order line's quantity, portion, modifiers and note (the item page's 'Save Changes'); with
 * transitionItemPathKey the line becomes that transition item (its combo) in the same place.
 */
export async function updateOrderItem(input: OrderItemInput): Promise<ActionResult<Order>> {
  const parsed = OrderItemInputSchema.safeParse(input);
  if (!parsed.success || parsed.data.instanceId === null) {
    return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  }
  const data = parsed.data;
  const instanceId = parsed.data.instanceId;
  const ref = await getOrderRef();
  if (!ref || ref.locationId !== data.locationId)
    return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  const result = await withSnapshotRetry(ref.orderId, data.snapshotId, () =>
    apiRequest(OrderSchema, `sales/orders/${ref.orderId}/items/${instanceId}`, {
      method: 'PUT',
      body: data.transitionItemPathKey
        ? { ...itemBody(data), transitionItemPathKey: data.transitionItemPathKey }
        : itemBody(data),
    }),
  );
  return result.ok ? done(data, result.value) : failure(result.errors);
}

const RemoveOrderItemInputSchema = z.object({
  locationId: Id,
  menuType: MenuTypeSchema,
  itemId: Id,
});

/** Removes a line from the current order and refreshes the store page so the panel shows it gone. */
export async function removeOrderItem(
  input: z.input<typeof RemoveOrderItemInputSchema>,
): Promise<ActionResult<null>> {
  const parsed = RemoveOrderItemInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  const ref = await getOrderRef();
  if (!ref || ref.locationId !== parsed.data.locationId) {
    return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  }
  const result = await apiRequest(z.unknown(), `sales/orders/${ref.orderId}/items/${parsed.data.itemId}`, {
    method: 'DELETE',
  });
  revalidatePath(`/${parsed.data.locationId}/${parsed.data.menuType}`);
  return result.ok ? { ok: true, data: null } : failure(result.errors);
}

const SetQuantityInputSchema = z.object({
  locationId: Id,
  menuType: MenuTypeSchema,
  itemId: Id,
  quantity: ItemQuantitySchema,
});

/**
 * The My Order panel's quantity picker: sets a line's quantity, keeping its portion, modifiers and note (the
 * API's PUT replaces the whole line, so they are read from the current order first).
 */
export async function setOrderItemQuantity(
  input: z.input<typeof SetQuantityInputSchema>,
): Promise<ActionResult<Order>> {
  const parsed = SetQuantityInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  const data = parsed.data;
  const ref = await getOrderRef();
  if (!ref || ref.locationId !== data.locationId) {
    return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  }
  const current = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}`);
  const line = current.ok ? current.value.items.find((item) => item.id === data.itemId) : undefined;
  if (!current.ok || !line) return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  const result = await withSnapshotRetry(ref.orderId, current.value.context.snapshotId, () =>
    apiRequest(OrderSchema, `sales/orders/${ref.orderId}/items/${data.itemId}`, {
      method: 'PUT',
      body: {
        quantity: data.quantity,
        portionId: line.portionId,
        modifiers: lineModifiers(line),
        note: line.note,
      },
    }),
  );
  return result.ok ? done(data, result.value) : failure(result.errors);
}

const UtensilsInputSchema = z.object({
  locationId: Id,
  menuType: MenuTypeSchema,
  includeUtensils: z.boolean(),
});

/** 'Include Utensils': kept in the order notes through PATCH properties (the guest's own notes stay). */
export async function setIncludeUtensils(
  input: z.input<typeof UtensilsInputSchema>,
): Promise<ActionResult<null>> {
  const parsed = UtensilsInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  const ref = await getOrderRef();
  if (!ref || ref.locationId !== parsed.data.locationId) {
    return { ok: false, error: 'Please try again.', reason: 'unexpected' };
  }
  const result = await apiRequest(z.unknown(), `sales/orders/${ref.orderId}/properties`, {
    method: 'PATCH',
    body: { includeUtensils: parsed.data.includeUtensils },
  });
  revalidatePath(`/${parsed.data.locationId}/${parsed.data.menuType}`);
  return result.ok ? { ok: true, data: null } : failure(result.errors);
}

'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { apiRequest } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string };

const RemoveOrderItemInputSchema = z.object({
  locationId: z.number().int().positive(),
  menuType: z.enum(['menu', 'catering']),
  itemId: z.number().int().positive(),
});

/** Removes a line from the current order and refreshes the store page so the panel shows it gone. */
export async function removeOrderItem(
  input: z.input<typeof RemoveOrderItemInputSchema>,
): Promise<ActionResult<null>> {
  const parsed = RemoveOrderItemInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Please try again.' };
  const ref = await getOrderRef();
  if (!ref || ref.locationId !== parsed.data.locationId) return { ok: false, error: 'Please try again.' };
  const result = await apiRequest(z.unknown(), `sales/orders/${ref.orderId}/items/${parsed.data.itemId}`, {
    method: 'DELETE',
  });
  revalidatePath(`/${parsed.data.locationId}/${parsed.data.menuType}`);
  return result.ok ? { ok: true, data: null } : { ok: false, error: 'Please try again.' };
}

/**
 * PROVISIONAL: the order contract (packages/contracts/src/orders.ts) is being written; until it lands this file
 * mirrors the spec's order shape so the panel can be composed. It will re-export the contract.
 */
import { z } from 'zod';

export const OrderItemModifierSchema = z.object({
  itemPathKey: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  portionId: z.number().int().nullable(),
});

export const OrderItemSchema = z.object({
  id: z.number().int(),
  itemPathKey: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  portionId: z.number().int().nullable(),
  selectedModifiers: z.array(OrderItemModifierSchema),
  total: z.number(),
  note: z.string().nullable(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = z
  .object({
    id: z.number().int(),
    context: z.object({ locationId: z.number().int(), snapshotId: z.number().int() }),
    items: z.array(OrderItemSchema),
    totals: z.object({ subtotal: z.number() }),
  })
  .transform((o) => ({ ...o, locationId: o.context.locationId }));
export type Order = z.infer<typeof OrderSchema>;

/**
 * The storefront's own live-price request (browser -> POST /api/pricing -> the API's pricing calls). Not an API
 * contract: it is the shape of our same-origin route, shared by the route handler and the item form's hook.
 */
import { z } from 'zod';
import { ItemPathKeySchema } from '@storefront/contracts/menu';
import { ItemQuantitySchema, SequenceOfChangesSchema } from '@storefront/contracts/orders';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const LivePriceRequestSchema = z.discriminatedUnion('mode', [
  /** A new item: changes replayed on the menu defaults (POST sales/menus/{snapshotId}/items/{key}/pricings). */
  z.object({
    mode: z.literal('menu'),
    snapshotId: Id,
    itemPathKey: ItemPathKeySchema,
    quantity: ItemQuantitySchema,
    portionId: Id.nullable(),
    sequenceOfChanges: SequenceOfChangesSchema,
  }),
  /**
   * An order line being edited: changes replayed on the line (PUT sales/orders/{id}/items/{instanceId}/pricings);
   * with transitionItemPathKey, the line priced as that transition item, changes replayed on its defaults.
   */
  z.object({
    mode: z.literal('line'),
    instanceId: Id,
    quantity: ItemQuantitySchema,
    portionId: Id.nullable(),
    sequenceOfChanges: SequenceOfChangesSchema,
    transitionItemPathKey: ItemPathKeySchema.optional(),
  }),
]);
export type LivePriceRequest = z.infer<typeof LivePriceRequestSchema>;

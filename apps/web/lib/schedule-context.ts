import type { FulfillmentMethod } from '@storefront/contracts/enum-values';
import type { OrderTime } from '@storefront/contracts/order-settings';

/**
 * An order's method and time at its store, as the schedule modal edits them (ASAP or a slot with its offset): what
 * the order settings, the store's prompts and the payment page hand to the one schedule dialog.
 */
export interface ScheduleContext {
  locationId: number;
  catering: boolean;
  fulfillmentMethod: FulfillmentMethod;
  timeZone: string;
  schedulingRequired: boolean;
  asapMinutes: number;
  time: OrderTime;
}

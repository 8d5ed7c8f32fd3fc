/**
 * Order update texts (issue 34): a guest who turned on 'Text me updates about my order (SMS)' on the payment page
 * (guestNotificationTypes holds NOTIFICATION_TYPE.SMS) gets a text when the kitchen marks the order ready, and one
 * when its ready time passes before that (jobs/late-texts.ts). The text is written to the outbox in the transaction
 * of the change that causes it (enqueueSms), so it goes out once the change is committed and never without it; a
 * number that replied STOP (sms_opt_outs) gets nothing. The wording is the brand's (message-templates.ts).
 */
import { NOTIFICATION_TYPE } from '@storefront/contracts/enum-values';
import { fulfillmentPlaceTypeOf, trackingPageUrl } from '@storefront/contracts/tracking';
import type { Db } from '../../db/client';
import { enqueueSms } from '../../providers/email/outbox';
import { findLocation, type OrderRow } from '../checkout/checkout.repository';
import { orderNumberFor } from '../checkout/place-order.service';
import { toE164 } from '../verification/phone';
import {
  fillTemplate,
  getBrandMessages,
  type MessageTemplates,
  type NotificationContext,
} from './message-templates';

/** What a status change needs to write its text. */
export type OrderTextContext = NotificationContext;

export type OrderTextKind = 'ready' | 'late';

const TEMPLATE_OF: Record<OrderTextKind, keyof MessageTemplates> = { ready: 'readyText', late: 'lateText' };

/** Labels of the texts in the development mailbox (a text has no subject). */
export const ORDER_TEXT_LABELS: Record<OrderTextKind, string> = {
  ready: 'Order ready',
  late: 'Order running late',
};

/** Whether the guest opted into texts at placement. */
export function optedIntoTexts(order: Pick<OrderRow, 'guestNotificationTypes'>): boolean {
  return order.guestNotificationTypes?.includes(NOTIFICATION_TYPE.SMS) ?? false;
}

/**
 * Writes the order's `kind` text to the outbox, in the transaction `tx` of the change that causes it; false (and
 * nothing written) when the guest did not opt in, the contact phone is not a textable number, or it opted out.
 */
export async function enqueueOrderText(
  tx: Db,
  context: OrderTextContext,
  order: OrderRow,
  kind: OrderTextKind,
): Promise<boolean> {
  if (!optedIntoTexts(order)) return false;
  const to = toE164(order.contactPhone);
  if (!to) return false;
  const location = await findLocation(tx, order.locationId);
  const { brandName, templates } = await getBrandMessages(tx, location?.brandId ?? 0);
  const link = trackingPageUrl(
    context.webOrigin,
    order.id,
    await context.tokens.signTrackingToken(order.id),
    fulfillmentPlaceTypeOf(order),
  );
  return enqueueSms(tx, {
    to,
    label: ORDER_TEXT_LABELS[kind],
    body: fillTemplate(templates[TEMPLATE_OF[kind]], {
      number: orderNumberFor(order.id),
      store: location?.name ?? 'the store',
      brand: brandName,
      link,
    }),
  });
}

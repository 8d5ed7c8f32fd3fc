/**
 * The e-mail receipt of a placed order (issue 34): every placed order sends one to its contact e-mail, with the
 * store, the items, the totals rows of checkout, the ready time (a delivery's expected arrival) and the tracking
 * link, as plain text and HTML. It is written to the outbox in the placing transaction (the order and its receipt
 * commit together: a declined or failed placement sends none, a replayed one none again).
 *
 * Every value in the HTML is escaped (escapeHtml), the guest's name and notes as much as the brand's wording: the
 * HTML's markup is this file's alone.
 */
import { FULFILLMENT_METHOD, LOYALTY_PROVIDER } from '@storefront/contracts/enum-values';
import { pointsEarned } from '@storefront/contracts/loyalty';
import { centsToDollars, dollarsToCents, formatCents } from '@storefront/contracts/money';
import { totalsRows } from '@storefront/contracts/pricing';
import {
  deliveryTravelMinutes,
  fulfillmentPlaceTypeOf,
  trackingPageUrl,
} from '@storefront/contracts/tracking';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { enqueueEmail } from '../../providers/email/outbox';
import { loyaltyProviderFor } from '../../providers/loyalty';
import type { EmailMessage } from '../../providers/email/email-provider';
import type { OrderRow } from '../checkout/checkout.repository';
import type { locations } from '../../db/schema/locations';
import { findItemsOfOrders, findLocation, findOrder } from '../checkout/checkout.repository';
import { orderNumberFor } from '../checkout/place-order.service';
import {
  fillTemplate,
  getBrandMessages,
  type MessageTemplates,
  type NotificationContext,
} from './message-templates';

type LocationRow = typeof locations.$inferSelect;

/** A receipt's content, before it is written as text or HTML. */
export interface Receipt {
  /** The contact e-mail. */
  to: string;
  subject: string;
  intro: string;
  closing: string;
  orderNumber: string;
  referenceNumber: string;
  store: { name: string; address: string; phone: string };
  /** 'Pickup', 'Delivery to <address>', 'Dine-in'. */
  fulfillment: string;
  /** 'Ready' or 'Expected' with the time in the store's time zone. */
  when: { label: string; time: string } | null;
  lines: { quantity: number; title: string; total: string; details: string[] }[];
  totals: { label: string; amount: string }[];
  total: { label: string; amount: string };
  notes: string | null;
  /** The member's points (a signed-in customer's order at a brand with a loyalty program); null otherwise. */
  points: ReceiptPoints | null;
  link: string;
}

/**
 * The points part of a member's receipt. The spec gives no wording for it; ours (receiptText) is one line each:
 * 'Points held for this order: 500' (only when the order's reward holds some), 'Points earned when this order
 * is completed: 150' and 'Points balance: 750' (what is available once this order's points are held), under the
 * program's name ('Capital Kitchen Rewards', as My account's Rewards page names it).
 */
export interface ReceiptPoints {
  programName: string;
  /** Points the order's reward or custom points hold until it completes (0: none). */
  held: number;
  /** Points the order earns when it completes (whole dollars of its item total after discounts). */
  toEarn: number;
  /** Points available after this order's hold. */
  balance: number;
}

/** What the points part of a receipt is made of, as placement reads it (null: not a member's order). */
export interface ReceiptLoyalty {
  programName: string;
  pointsPerDollar: number;
  /** Available points after this order's hold. */
  balance: number;
  /** Points this order holds. */
  held: number;
}

/** A time in the store's zone as a guest reads it: 'Sat, Nov 28, 10:15 AM EST'. */
/**
 * One formatter per store time zone: building an Intl.DateTimeFormat is the costliest step of a placement's
 * receipt (about 15% of placement's own CPU when built per call). Keys are the stores' IANA zones, a small set.
 */
const receiptTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatReceiptTime(at: Date, timeZone: string): string {
  let format = receiptTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    receiptTimeFormats.set(timeZone, format);
  }
  return format.format(at);
}

const money = (dollars: number) => formatCents(dollarsToCents(dollars));

/**
 * The receipt of placed order `orderId` as the database holds it in `tx`; null for an unplaced order or one
 * without a contact e-mail.
 */
async function buildReceipt(
  tx: Db,
  context: NotificationContext,
  orderId: number,
  heldPoints: number,
): Promise<Receipt | null> {
  const order = await findOrder(tx, orderId);
  if (!order?.placedAt || !order.contactEmail) return null;
  const location = await findLocation(tx, order.locationId);
  const { brandName, templates } = await getBrandMessages(tx, location?.brandId ?? 0);
  const lines = await findItemsOfOrders(tx, [order.id]);
  const loyalty = await memberLoyalty(tx, order.userId, location?.brandId ?? null, heldPoints);
  return receiptOf({ order, location, brandName, templates, lines, loyalty }, context);
}

/**
 * The member's program and points for the receipt, read through the loyalty provider in the placing transaction
 * (after this order's hold): null for a guest's order or a brand without a program.
 */
async function memberLoyalty(
  tx: Db,
  customerId: number | null,
  brandId: number | null,
  held: number,
): Promise<ReceiptLoyalty | null> {
  if (customerId === null || brandId === null) return null;
  const loyalty = loyaltyProviderFor(LOYALTY_PROVIDER.OpenProviderLoyalty);
  const program = loyalty ? await loyalty.getProgram(tx, brandId) : null;
  if (!loyalty || !program) return null;
  const { pointsBalance } = await loyalty.getPoints(tx, { brandId, customerId });
  return {
    programName: program.name,
    pointsPerDollar: program.pointsPerDollar,
    balance: pointsBalance,
    held,
  };
}

/** What a receipt is made of (placement reads it in its own locking read). */
export interface ReceiptSource {
  order: OrderRow;
  location: Pick<
    LocationRow,
    | 'name'
    | 'phone'
    | 'timeZone'
    | 'prepTimeMinutes'
    | 'averageDeliveryEtaMinutes'
    | 'address1'
    | 'address2'
    | 'city'
    | 'stateCode'
    | 'postalCode'
  > | null;
  brandName: string;
  templates: MessageTemplates;
  lines: {
    quantity: number;
    title: string;
    portionTitle: string | null;
    totalCents: number;
    note: string | null;
    modifiers: { quantity: number; title: string }[];
  }[];
  /** The member's program and points; null or absent for a guest's order or a brand without a program. */
  loyalty?: ReceiptLoyalty | null;
}

/** The receipt of a placed order from what it is made of; null without a contact e-mail. */
export async function receiptOf(
  source: ReceiptSource,
  context: NotificationContext,
): Promise<Receipt | null> {
  const { order, location, brandName, templates, lines, loyalty } = source;
  if (!order.contactEmail) return null;
  const zone = location?.timeZone ?? 'UTC';
  const number = orderNumberFor(order.id);
  const storeName = location?.name ?? 'the store';
  const storePhone = location?.phone ?? '';
  const values = {
    number,
    store: storeName,
    brand: brandName,
    phone: storePhone,
    name: order.contactFirstName ?? 'there',
  };

  const delivery = order.fulfillmentMethod === FULFILLMENT_METHOD.Delivery;
  let fulfillment = order.fulfillmentMethod === FULFILLMENT_METHOD.DineIn ? 'Dine-in' : 'Pickup';
  let when: Receipt['when'] = order.expectedReadyAt
    ? { label: 'Ready', time: formatReceiptTime(order.expectedReadyAt, zone) }
    : null;
  if (delivery) {
    fulfillment = `Delivery to ${[
      order.deliveryLine1,
      order.deliveryLine2,
      order.deliveryCity,
      order.deliveryStateCode,
    ]
      .filter(Boolean)
      .join(', ')}`;
    // As the tracking page: a scheduled delivery's time is its arrival, an ASAP one arrives after the drive.
    const travel = location
      ? deliveryTravelMinutes(location.prepTimeMinutes, location.averageDeliveryEtaMinutes)
      : 0;
    const arrival =
      order.scheduledReadyAt ??
      (order.expectedReadyAt ? new Date(order.expectedReadyAt.getTime() + travel * 60_000) : null);
    when = arrival ? { label: 'Expected', time: formatReceiptTime(arrival, zone) } : null;
  }

  const deliveryFeeCents = delivery ? order.deliveryFeeCents : 0;
  const driverTipCents = delivery ? (order.driverTipCents ?? 0) : 0;
  const rows = totalsRows({
    subtotal: centsToDollars(order.subtotalCents),
    discount: centsToDollars(order.discountCents),
    serviceCharge: centsToDollars(order.serviceChargeCents + deliveryFeeCents + driverTipCents),
    salesTax: centsToDollars(order.salesTaxCents),
    tip: centsToDollars(order.tipCents),
    total: centsToDollars(order.totalCents),
    deliveryFee: centsToDollars(deliveryFeeCents),
    driverTip: centsToDollars(driverTipCents),
  });

  return {
    to: order.contactEmail,
    // A subject is one line whatever the brand's wording and the guest's name hold.
    subject: fillTemplate(templates.receiptSubject, values).replace(/[\r\n]+/g, ' '),
    intro: fillTemplate(templates.receiptIntro, values),
    closing: fillTemplate(templates.receiptClosing, values),
    orderNumber: number,
    referenceNumber: order.referenceNumber ?? String(order.id),
    store: {
      name: storeName,
      address: location
        ? [
            location.address1,
            location.address2,
            location.city,
            `${location.stateCode} ${location.postalCode}`,
          ]
            .filter(Boolean)
            .join(', ')
        : '',
      phone: storePhone,
    },
    fulfillment,
    when,
    lines: lines.map((line) => ({
      quantity: line.quantity,
      title: line.portionTitle ? `${line.title} (${line.portionTitle})` : line.title,
      total: formatCents(line.totalCents),
      details: [
        ...line.modifiers.map((m) => (m.quantity > 1 ? `${m.quantity} x ${m.title}` : m.title)),
        ...(line.note ? [`Note: ${line.note}`] : []),
      ],
    })),
    totals: rows.rows.map((row) => ({ label: row.label, amount: money(row.dollars) })),
    total: { label: rows.total.label, amount: money(rows.total.dollars) },
    notes: order.notes,
    points: loyalty
      ? {
          programName: loyalty.programName,
          held: loyalty.held,
          toEarn: pointsEarned(order.subtotalCents - order.discountCents, loyalty.pointsPerDollar),
          balance: loyalty.balance,
        }
      : null,
    link: trackingPageUrl(
      context.webOrigin,
      order.id,
      await context.tokens.signTrackingToken(order.id),
      fulfillmentPlaceTypeOf(order),
    ),
  };
}

const pointsFormat = new Intl.NumberFormat('en-US');

/** The points part's lines (see ReceiptPoints for the wording): label and points. */
function pointsLines(points: ReceiptPoints): { label: string; points: string }[] {
  return [
    ...(points.held > 0
      ? [{ label: 'Points held for this order', points: pointsFormat.format(points.held) }]
      : []),
    { label: 'Points earned when this order is completed', points: pointsFormat.format(points.toEarn) },
    { label: 'Points balance', points: pointsFormat.format(points.balance) },
  ];
}

/** The receipt as plain text. */
export function receiptText(receipt: Receipt): string {
  const out = [receipt.intro, '', `Order #${receipt.orderNumber} (reference ${receipt.referenceNumber})`];
  out.push(`${receipt.store.name}, ${receipt.store.address}`);
  out.push(receipt.fulfillment);
  if (receipt.when) out.push(`${receipt.when.label}: ${receipt.when.time}`);
  out.push('');
  for (const line of receipt.lines) {
    out.push(`${line.quantity} x ${line.title}  ${line.total}`);
    for (const detail of line.details) out.push(`    ${detail}`);
  }
  out.push('');
  for (const row of receipt.totals) out.push(`${row.label}: ${row.amount}`);
  out.push(`${receipt.total.label}: ${receipt.total.amount}`);
  if (receipt.points) {
    out.push('', receipt.points.programName);
    for (const line of pointsLines(receipt.points)) out.push(`${line.label}: ${line.points}`);
  }
  if (receipt.notes) out.push('', `Notes: ${receipt.notes}`);
  out.push('', `Track your order: ${receipt.link}`, '', receipt.closing);
  return out.join('\n');
}

const CELL = 'padding:4px 8px 4px 0;vertical-align:top;text-align:left';
const AMOUNT = 'padding:4px 0;vertical-align:top;text-align:right;white-space:nowrap';

/** The receipt as an HTML document with inline styles (what e-mail clients keep); every text escaped. */
export function receiptHtml(receipt: Receipt): string {
  const e = escapeHtml;
  const lines = receipt.lines
    .map(
      (line) =>
        `<tr><td style="${CELL}">${line.quantity} x</td><td style="${CELL}">${e(line.title)}${line.details
          .map((d) => `<br><span style="color:#555">${e(d)}</span>`)
          .join('')}</td><td style="${AMOUNT}">${e(line.total)}</td></tr>`,
    )
    .join('\n');
  const totals = receipt.totals
    .map(
      (row) => `<tr><td style="${CELL}">${e(row.label)}</td><td style="${AMOUNT}">${e(row.amount)}</td></tr>`,
    )
    .join('\n');
  const points = receipt.points
    ? `<h2 style="font-size:18px;margin:16px 0 4px">${e(receipt.points.programName)}</h2>
<table role="presentation" style="border-collapse:collapse;width:100%;max-width:560px">
${pointsLines(receipt.points)
  .map(
    (line) =>
      `<tr><td style="${CELL}">${e(line.label)}</td><td style="${AMOUNT}">${e(line.points)}</td></tr>`,
  )
  .join('\n')}
</table>
`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(receipt.subject)}</title>
</head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#ffffff">
<p>${e(receipt.intro)}</p>
<h1 style="font-size:20px;margin:16px 0 4px">Order #${e(receipt.orderNumber)}</h1>
<p style="margin:0 0 16px">Reference ${e(receipt.referenceNumber)}<br>${e(receipt.store.name)}, ${e(receipt.store.address)}<br>${e(receipt.fulfillment)}${
    receipt.when ? `<br><strong>${e(receipt.when.label)}: ${e(receipt.when.time)}</strong>` : ''
  }</p>
<table role="presentation" style="border-collapse:collapse;width:100%;max-width:560px">
${lines}
</table>
<table role="presentation" style="border-collapse:collapse;width:100%;max-width:560px;margin-top:12px;border-top:1px solid #767676">
${totals}
<tr><td style="${CELL}"><strong>${e(receipt.total.label)}</strong></td><td style="${AMOUNT}"><strong>${e(receipt.total.amount)}</strong></td></tr>
</table>
${points}${receipt.notes ? `<p>Notes: ${e(receipt.notes)}</p>\n` : ''}<p><a href="${e(receipt.link)}" style="color:#0645ad">Track your order</a></p>
<p style="color:#555">${e(receipt.closing)}</p>
</body>
</html>
`;
}

/**
 * Writes the receipt of placed order `orderId` to the outbox, in the placing transaction `tx` (after the order's
 * reward held `heldPoints`); false (nothing written) when the order is not placed or has no contact e-mail.
 */
export async function enqueueOrderReceipt(
  tx: Db,
  context: NotificationContext,
  orderId: number,
  heldPoints = 0,
): Promise<boolean> {
  const receipt = await buildReceipt(tx, context, orderId, heldPoints);
  if (!receipt) return false;
  await enqueueEmail(tx, receiptEmail(receipt), 'order');
  return true;
}

/** The receipt as the e-mail the outbox sends. */
export function receiptEmail(receipt: Receipt): EmailMessage {
  return { to: receipt.to, subject: receipt.subject, text: receiptText(receipt), html: receiptHtml(receipt) };
}

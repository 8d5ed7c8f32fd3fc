import Link from 'next/link';
import { FULFILLMENT_METHOD, PICKUP_TYPE, type PickupType } from '@storefront/contracts/enum-values';
import type { TrackingDetails } from '@storefront/contracts/tracking';
import { totalsRows } from '@storefront/contracts/pricing';
import { OrderLineList } from '@/components/ui/order-line-details';
import { Price } from '@/components/ui/price';
import { SiteHeader } from '@/components/ui/site-header';
import { TotalsList } from '@/components/ui/totals-list';
import { themeStyle, type ThemeInput } from '@/lib/theme';
import { describeHandover } from '@storefront/contracts/pickup';
import { pollsStatus } from '@storefront/contracts/tracking-stages';
import { formatClock } from '../eta';
import { CardLogo } from './card-logo';
import { PickupFieldAnswers } from '@/components/ui/pickup-field-answers';
import { PickupChange } from './pickup-change';
import { OrderUnavailable } from './order-unavailable';
import { OrderCancelled } from './order-cancelled';
import { TrackedOrder } from './tracked-order';
import { TrackingEta } from './tracking-eta';
import { TrackingStatus } from './tracking-status';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';
import { FocusHeadingOnArrival } from '@/components/ui/focus-heading-on-arrival';

const PICKUP_LABEL: Record<PickupType, string> = {
  [PICKUP_TYPE.WalkIn]: 'Walk-in',
  [PICKUP_TYPE.Curbside]: 'Curbside',
  [PICKUP_TYPE.DriveThru]: 'Drive Thru',
};

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What the guest does once the order is ready, by how it is handed over. */
function readyDetailOf(details: TrackingDetails): string {
  const fulfilment = details.fulfillmentInformation;
  const arrival = details.status.eta?.arrival;
  if (fulfilment.fulfillmentMethod === FULFILLMENT_METHOD.Delivery) {
    const zone = details.status.eta?.timeZone ?? 'UTC';
    return arrival
      ? `It leaves with your driver: arriving ${formatClock(Date.parse(arrival.start), zone)}–${formatClock(Date.parse(arrival.end), zone)}.`
      : 'It leaves with your driver shortly.';
  }
  if (fulfilment.fulfillmentMethod === FULFILLMENT_METHOD.DineIn) return 'We will bring it to your table.';
  if (fulfilment.pickupOption === PICKUP_TYPE.Curbside) return 'We will bring it out to your car.';
  if (fulfilment.pickupOption === PICKUP_TYPE.DriveThru) return 'Pick it up at the drive-thru window.';
  return `Pick it up at ${details.location.marketingName}.`;
}

/** Last 8 characters of the masked card number (spec: saved payments show the last 8). */
function shortMasked(masked: string): string {
  return masked.slice(-8);
}

export type TrackingScreenProps =
  | { kind: 'unavailable'; companyName: string }
  | {
      kind: 'ok';
      companyName: string;
      theme: ThemeInput | null;
      orderId: number;
      trackingToken: string;
      details: TrackingDetails;
      stages: readonly { stage: number; label: string }[];
      statusDisplay: boolean;
      renderedAt: number;
    };

/** /order-tracking: thanks, live status, pickup, store, order and payment details, and 'Back Menu'. */
export function TrackingScreen(
  props: TrackingScreenProps & {
    /** fp=curbside on the tracking link hides the pickup change. */
    hidePickupChange?: boolean;
  },
) {
  if (props.kind === 'unavailable') {
    return (
      <>
        <SiteHeader brandName={props.companyName} logoHref={null} />
        <main id={MAIN_CONTENT_ID} className="mx-auto max-w-3xl px-4 py-8">
          <h1 className="sr-only">Track your Order</h1>
          <FocusHeadingOnArrival />
          <OrderUnavailable />
        </main>
      </>
    );
  }
  const { details, companyName } = props;
  const { order, location, fulfillmentInformation: fulfilment, paymentDetails } = details;
  const totals = order.totals;
  // What no approved payment covers: an order left to pay at the store (Pay at the Store).
  const dueAtStoreCents = Math.max(
    0,
    Math.round(totals.total * 100) -
      paymentDetails.reduce((sum, p) => sum + Math.round(p.approvedAmount * 100), 0),
  );
  const backHref = location.id ? `/${location.id}/menu` : '/';
  const isPickup = fulfilment.fulfillmentMethod === FULFILLMENT_METHOD.Pickup;
  // Table or curbside sides show where the order is served instead of the status (checkout spec section 4).
  const serving = fulfilment.fulfillmentPlace ? describeHandover(fulfilment) : null;
  const isTableSide = serving !== null && fulfilment.pickupOption !== PICKUP_TYPE.Curbside;
  // Cancelled by the store: said at the top instead of the ETA and the timeline; nothing polls or changes.
  const cancellation = details.status.cancellation ?? null;
  const eta = cancellation ? null : details.status.eta;
  return (
    <div style={themeStyle(props.theme)} className="min-h-dvh">
      <SiteHeader brandName={companyName} logoHref={null} />
      <TrackedOrder
        orderId={props.orderId}
        trackingToken={props.trackingToken}
        initialStatus={details.status.statusId}
        polls={
          cancellation === null &&
          pollsStatus({
            statusId: details.status.statusId,
            statusDisplay: props.statusDisplay,
            orderReadyTime: details.status.orderReadyTime,
          })
        }
      >
        <main id={MAIN_CONTENT_ID} className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 md:py-10">
          <div className="flex flex-col gap-1">
            <h1 className="font-display text-3xl font-bold outline-none">Track your Order</h1>
            <FocusHeadingOnArrival />
            <p className="text-xl font-semibold text-gray-900">Thanks For Your Order!</p>
            <p className="text-gray-700">
              Order <span className="font-semibold">#{order.referenceNumber}</span>
            </p>
          </div>

          {cancellation ? (
            <OrderCancelled
              storeName={location.marketingName}
              cancelledAt={cancellation.cancelledAt}
              refunded={cancellation.refunded}
              paidOnline={paymentDetails.length > 0}
            />
          ) : null}

          {eta ? (
            <TrackingEta
              orderId={props.orderId}
              trackingToken={props.trackingToken}
              initialStatus={details.status.statusId}
              eta={eta}
              renderedAt={props.renderedAt}
              readyDetail={readyDetailOf(details)}
            />
          ) : null}

          <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
            <div className="flex flex-col gap-6">
              {cancellation ? null : serving ? (
                <Panel id="status-title" title="Serving">
                  <p className="text-lg font-semibold">{serving}</p>
                  <p className="text-gray-700">
                    {isTableSide
                      ? 'We will bring your order to your table.'
                      : 'We will bring your order out to your car.'}
                  </p>
                </Panel>
              ) : props.statusDisplay ? (
                <Panel id="status-title" title="Order Status">
                  <TrackingStatus
                    orderId={props.orderId}
                    trackingToken={props.trackingToken}
                    initialStatus={details.status.statusId}
                    stages={props.stages}
                  />
                </Panel>
              ) : null}

              <Panel id="details-title" title="Order Details">
                <OrderLineList
                  lines={order.items.map((item) => ({
                    ...item,
                    modifiers: item.selectedModifiers,
                    note: item.notes,
                  }))}
                />
                <div className="mt-3">
                  <TotalsList
                    {...totalsRows({
                      ...totals,
                      deliveryFee: fulfilment.delivery?.feeAmount,
                      driverTip: fulfilment.delivery?.tipAmount,
                    })}
                  />
                </div>
              </Panel>
            </div>

            <div className="flex flex-col gap-6">
              <Panel id="fulfilment-title" title={isPickup ? 'Pickup' : 'Fulfillment'}>
                <p>
                  {isPickup
                    ? `Pickup at ${location.marketingName}`
                    : fulfilment.fulfillmentMethod === FULFILLMENT_METHOD.Delivery
                      ? 'Delivery'
                      : 'Dine In'}
                </p>
                {details.deliveryAddress ? (
                  <address className="not-italic text-gray-700">
                    {details.deliveryAddress.line1}
                    <br />
                    {[details.deliveryAddress.city, details.deliveryAddress.stateCode]
                      .filter(Boolean)
                      .join(', ')}{' '}
                    {details.deliveryAddress.zipCode}
                  </address>
                ) : null}
                {isPickup && fulfilment.pickupOption !== null ? (
                  <p className="text-sm text-gray-700">{PICKUP_LABEL[fulfilment.pickupOption]}</p>
                ) : null}
                {isPickup ? (
                  <PickupFieldAnswers answers={fulfilment.additionalFields} className="mt-1 text-gray-700" />
                ) : null}
                {isPickup && !props.hidePickupChange && !cancellation && details.status.statusId < 3 ? (
                  <PickupChange
                    orderId={props.orderId}
                    trackingToken={props.trackingToken}
                    fulfilment={fulfilment}
                  />
                ) : null}
              </Panel>

              <Panel id="store-title" title="Store Information">
                <p className="font-semibold">{location.marketingName}</p>
                <address className="not-italic text-gray-700">
                  {location.address1}
                  <br />
                  {location.city}
                  {location.stateCode ? `, ${location.stateCode}` : ''} {location.postalCode}
                </address>
                {location.phone ? (
                  <a
                    href={`tel:${location.phone.replace(/[^\d+]/g, '')}`}
                    className="mt-1 inline-block underline"
                  >
                    {location.phone}
                  </a>
                ) : null}
              </Panel>

              <Panel id="payment-title" title="Payment Information">
                {dueAtStoreCents > 0 && !cancellation ? (
                  // An order left to pay at the store (Pay at the Store), or its part not paid online.
                  <p className="mb-2">
                    Pay at the store:{' '}
                    <Price dollars={dueAtStoreCents / 100} className="font-semibold tabular-nums" /> due when
                    you collect your order.
                  </p>
                ) : null}
                {paymentDetails.length === 0 ? (
                  dueAtStoreCents > 0 && !cancellation ? null : (
                    <p className="text-gray-700">No payment recorded.</p>
                  )
                ) : (
                  <ul className="flex flex-col gap-2">
                    {paymentDetails.map((payment, index) => (
                      <li key={`${payment.maskedCardNumber}-${index}`} className="flex items-center gap-3">
                        <CardLogo cardLogo={payment.cardLogo} />
                        <span className="sr-only">Card ending in {payment.maskedCardNumber.slice(-4)}</span>
                        <span aria-hidden className="font-mono tabular-nums">
                          {shortMasked(payment.maskedCardNumber)}
                        </span>
                        <span className="ml-auto">
                          <span className="sr-only">Approved amount </span>
                          <Price dollars={payment.approvedAmount} className="font-semibold tabular-nums" />
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
            </div>
          </div>

          <nav aria-label="After your order">
            <Link
              href={backHref}
              className="inline-flex min-h-11 items-center rounded-full bg-button px-6 py-2 font-semibold text-button-fg hover:brightness-110"
            >
              Back Menu
            </Link>
          </nav>
        </main>
      </TrackedOrder>
    </div>
  );
}

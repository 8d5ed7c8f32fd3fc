import type { ReactNode } from 'react';
import Link from 'next/link';
import { Clock, MapPin } from 'lucide-react';
import { SimpleHeader } from '@/components/ui/simple-header';
import { totalsRows } from '@storefront/contracts/pricing';
import { TotalsList } from '@/components/ui/totals-list';
import { OrderLineList } from '@/components/ui/order-line-details';
import { centsToDollars, dollarsToCents } from '@storefront/contracts/money';
import { pluralLabel } from '@storefront/contracts/text';
import { themeStyle } from '@/lib/theme';
import type { PaymentHandover, PaymentPageData } from '../payment.queries';
import { PaymentFlow, type PaymentFlowProps } from './payment-flow';
import { PaymentPickupOption } from './payment-pickup-option';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

/** Where and when the order will be ready (or arrive): what a guest checks before paying, and 'Change' for when. */
function HandoverSummary({ handover, timeChange }: { handover: PaymentHandover; timeChange: ReactNode }) {
  return (
    <div className="mb-4 rounded-xl bg-gray-50 p-3 text-sm">
      <p className="font-semibold text-gray-900">{handover.heading}</p>
      <p className="mt-1 flex items-start gap-2 text-gray-700">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{handover.place}</span>
      </p>
      <div className="mt-1 flex items-start gap-2 text-gray-700">
        <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p className="min-w-0 flex-1">
          {handover.timeLabel}{' '}
          {handover.scheduledLabel ? (
            <span className="font-semibold text-gray-900">{handover.scheduledLabel}</span>
          ) : (
            <>
              <span className="font-semibold text-gray-900">ASAP</span> (about {handover.asapMinutes} mins)
            </>
          )}
        </p>
        {timeChange}
      </div>
    </div>
  );
}

/**
 * /payment: 'Make your payment', the card panel (with the instruments, the SMS toggle and 'Place Order'), the
 * 'Order Total' panel with where and when, 'My Order (N items)' and 'Edit Order', the pickup option selector and
 * 'Back to Checkout'; footer hidden, logo inert.
 */
export function PaymentScreen({
  data,
  captcha,
  timeChange,
  rewards,
}: {
  data: PaymentPageData;
  captcha?: ReactNode;
  /** The Discounts section's Rewards part (composed by the page), or none. */
  rewards?: PaymentFlowProps['rewards'];
  /** Beside the ready / arrival time: 'Change', opening the schedule modal (composed by the page). */
  timeChange?: ReactNode;
}) {
  const { totals } = data;
  const tip = centsToDollars(data.tipCents);
  const summary = (
    <>
      <section aria-labelledby="order-total-title" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="order-total-title" className="mb-3 text-lg font-bold">
          Order Total
        </h2>
        {data.handover ? <HandoverSummary handover={data.handover} timeChange={timeChange} /> : null}
        <TotalsList
          {...totalsRows({
            ...totals,
            deliveryFee: data.delivery?.feeAmount ?? 0,
            driverTip: data.delivery?.tipAmount ?? 0,
            tip,
            total: centsToDollars(dollarsToCents(totals.total) - dollarsToCents(totals.tip) + data.tipCents),
          })}
        />
      </section>
      <section aria-labelledby="my-order-title" className="rounded-2xl bg-white p-5 shadow-sm">
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <h2 id="my-order-title" className="text-lg font-bold">
            My Order ({pluralLabel(data.itemCount, 'item')})
          </h2>
          <Link href={data.storeHref} className="font-semibold underline underline-offset-4">
            Edit Order
          </Link>
        </div>
        <OrderLineList lines={data.items.map((item) => ({ ...item, modifiers: item.selectedModifiers }))} />
      </section>
      {data.pickup ? (
        <PaymentPickupOption methods={data.pickup.methods} current={data.pickup.current} />
      ) : null}
    </>
  );
  return (
    <div style={themeStyle(data.theme)} className="min-h-dvh">
      <SimpleHeader
        title="Make your payment"
        titleId="payment-title"
        back={{ href: '/checkout', label: 'Back to Checkout' }}
        brandName={data.companyName}
      />
      <main
        id={MAIN_CONTENT_ID}
        aria-labelledby="payment-title"
        className="mx-auto flex max-w-5xl flex-col gap-3 px-3 py-3 md:gap-6 md:px-4 md:py-10"
      >
        <PaymentFlow
          orderId={data.orderId}
          storeHref={data.storeHref}
          paymentOrigin={data.paymentOrigin}
          methods={data.methods}
          savedPaymentsEnabled={data.savedPaymentsEnabled}
          savedCards={data.savedCards}
          captcha={captcha}
          newOrderTracking={data.newOrderTracking}
          smsDefault={data.smsDefault}
          summary={summary}
          rewards={rewards}
        />
      </main>
    </div>
  );
}

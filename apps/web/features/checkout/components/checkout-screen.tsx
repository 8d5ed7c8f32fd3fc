import { Clock, MapPin } from 'lucide-react';
import { OrderLineList } from '@/components/ui/order-line-details';
import { Price } from '@/components/ui/price';
import { SimpleHeader } from '@/components/ui/simple-header';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';
import { themeStyle } from '@/lib/theme';
import type { CheckoutPageData } from '../checkout.queries';
import { CheckoutForm } from './checkout-form';
import { DriverTip } from './driver-tip';
import { PaymentMethodInfoSection } from './payment-method-info';

/**
 * /checkout: fulfilment summary, contact information, notes, payment-method info, order summary with tip,
 * 'Confirm Order'.
 */
export function CheckoutScreen({ data, discounts }: { data: CheckoutPageData; discounts?: React.ReactNode }) {
  const { store, order } = data;
  const fulfilment = (
    <section aria-labelledby="fulfilment-title" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="fulfilment-title" className="mb-3 text-lg font-bold">
        {data.delivery
          ? `Delivery from ${store.name}`
          : data.isDineIn
            ? `Dine in at ${store.name}`
            : `Pickup at ${store.name}`}
      </h2>
      {data.delivery ? (
        <div className="mb-3">
          <p className="font-semibold text-gray-900">Deliver to: {data.delivery.address}</p>
          <p className="text-sm text-gray-700">
            Delivery fee: <Price dollars={data.delivery.feeAmount} />
          </p>
          <DriverTip tipAmount={data.delivery.tipAmount} storeHref={data.storeHref} />
        </div>
      ) : null}
      {data.placeLabel ? <p className="mb-2 font-semibold text-gray-900">{data.placeLabel}</p> : null}
      <p className="flex items-start gap-2 text-gray-700">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          {store.address.address1}
          {store.address.address2 ? `, ${store.address.address2}` : ''}, {store.address.city},{' '}
          {store.address.stateCode} {store.address.postalCode}
        </span>
      </p>
      <p className="mt-2 flex items-start gap-2 text-gray-700">
        <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          {/* For delivery the estimate is when the order arrives (the API's delivery window), not when it is ready. */}
          {data.delivery ? 'Arrives:' : 'Ready time:'}{' '}
          {data.scheduledLabel ? (
            <span className="font-semibold text-gray-900">{data.scheduledLabel}</span>
          ) : (
            <>
              <span className="font-semibold text-gray-900">ASAP</span> (about {data.asapMinutes} mins)
            </>
          )}
        </span>
      </p>
    </section>
  );
  const lines = (
    <OrderLineList
      label="Items in your order"
      lines={order.items.map((item) => ({ ...item, modifiers: item.selectedModifiers }))}
    />
  );
  return (
    <div style={themeStyle(data.theme)} className="min-h-dvh">
      <SimpleHeader
        title="Checkout"
        back={{ href: data.storeHref, label: 'Back to Menu' }}
        brandName={data.companyName}
      />
      <main id={MAIN_CONTENT_ID} className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 md:py-10">
        <CheckoutForm
          defaults={{ ...data.contact, notes: order.notes ?? '' }}
          allowNotes={data.allowNotes}
          // The payment tip is for Pickup and DineIn (spec); delivery has the driver tip above.
          hideTipping={data.hideTipping || data.delivery !== null}
          initialTipCents={data.tipCents}
          totals={{
            ...order.totals,
            deliveryFee: data.delivery?.feeAmount ?? 0,
            driverTip: data.delivery?.tipAmount ?? 0,
          }}
          fulfilment={fulfilment}
          lines={lines}
          discounts={discounts}
          paymentInfo={<PaymentMethodInfoSection info={data.paymentMethods} />}
          hideContact={data.hideContact}
          orderId={order.id}
        />
      </main>
    </div>
  );
}

import { CircleCheck, MapPin, Phone } from 'lucide-react';
import { totalsRows } from '@storefront/contracts/pricing';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';
import { OrderLineList } from '@/components/ui/order-line-details';
import { SimpleHeader } from '@/components/ui/simple-header';
import { TotalsList } from '@/components/ui/totals-list';
import { themeStyle } from '@/lib/theme';
import type { ConfirmationPageData } from '../confirmation.queries';

/** The spec's names of the confirmation's subtotals; the other rows keep the checkout's names. */
const CONFIRMATION_LABELS: Record<string, string> = {
  'Item Total': 'Items',
  'Service Charge': 'Service charge',
};
const CONFIRMATION_ORDER = [
  'Items',
  'Discounts',
  'Tax',
  'Service charge',
  'Delivery Fee',
  'Driver Tip',
  'Tip',
];

/**
 * The confirmation's totals: Items, Tax, Service charge and Total (spec section 2) with the discounts, a
 * delivery order's fee and driver tip and the tip on their own rows, each only when nonzero, the service charge
 * without the delivery fee and driver tip (spec section 9), so that the rows add up to the total.
 */
export function confirmationRows(data: Pick<ConfirmationPageData, 'totals' | 'deliveryFee' | 'driverTip'>) {
  const { rows, total } = totalsRows({
    ...data.totals,
    deliveryFee: data.deliveryFee,
    driverTip: data.driverTip,
  });
  const named = rows.map((row) => ({ ...row, label: CONFIRMATION_LABELS[row.label] ?? row.label }));
  named.sort((a, b) => CONFIRMATION_ORDER.indexOf(a.label) - CONFIRMATION_ORDER.indexOf(b.label));
  return { rows: named, total };
}

/**
 * /confirmation ('Order Confirmation', simple layout): the store (name, address, phone link, status), the
 * fulfilment method, the lines, Items / Tax / Service charge / Total (with discounts, delivery fee and tips when
 * nonzero) and 'Back to Menu'.
 */
export function ConfirmationScreen({ data }: { data: ConfirmationPageData }) {
  const { store } = data;
  const address = `${store.address.address1}, ${store.address.city}, ${store.address.stateCode} ${store.address.postalCode}`;
  const phoneDigits = store.contactInformation.phone.replace(/[^\d+]/g, '');
  return (
    <div style={themeStyle(data.theme)} className="min-h-dvh">
      <SimpleHeader
        title="Order Confirmation"
        titleId="confirmation-title"
        back={{ href: data.storeHref, label: 'Back to Menu' }}
        brandName={data.companyName}
      />
      <main
        id={MAIN_CONTENT_ID}
        aria-labelledby="confirmation-title"
        className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6 md:py-10"
      >
        <div className="flex items-center gap-3">
          <CircleCheck aria-hidden className="size-9 shrink-0 text-green-700" />
          <div>
            <p className="font-display text-2xl font-bold">Thank you for your order!</p>
            {data.referenceNumber ? (
              <p className="text-gray-700">
                Order <span className="font-semibold text-gray-900">{data.referenceNumber}</span>
              </p>
            ) : null}
            {data.readyLabel ? (
              <p className="text-gray-700">
                Ready <span className="font-semibold text-gray-900">{data.readyLabel}</span>
              </p>
            ) : null}
          </div>
        </div>

        <section aria-labelledby="store-title" className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 id="store-title" className="text-lg font-bold">
            {store.name}
          </h2>
          <p className="mt-2 flex items-start gap-2 text-gray-700">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{address}</span>
          </p>
          <p className="mt-1 flex items-start gap-2 text-gray-700">
            <Phone aria-hidden className="mt-0.5 size-4 shrink-0" />
            <a
              href={`tel:${phoneDigits}`}
              className="font-semibold text-gray-900 underline underline-offset-4"
            >
              {store.contactInformation.phone}
            </a>
          </p>
          {store.status ? (
            <p className="mt-2 text-sm text-gray-700">
              <span className="font-semibold text-gray-900">{store.status.locationStatus}</span>
              {store.status.description ? ` · ${store.status.description}` : null}
            </p>
          ) : null}
          <p className="mt-3 font-semibold text-gray-900">{data.methodLabel}</p>
        </section>

        <section aria-labelledby="lines-title" className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 id="lines-title" className="mb-3 text-lg font-bold">
            Your order
          </h2>
          <OrderLineList lines={data.items.map((item) => ({ ...item, modifiers: item.selectedModifiers }))} />
          <div className="mt-4">
            <TotalsList {...confirmationRows(data)} />
          </div>
        </section>
      </main>
    </div>
  );
}

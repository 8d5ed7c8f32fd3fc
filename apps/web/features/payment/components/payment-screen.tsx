import { SiteHeader } from '@/components/ui/site-header';
import { totalsRows } from '@storefront/contracts/pricing';
import { TotalsList } from '@/components/ui/totals-list';
import { centsToDollars, dollarsToCents } from '@storefront/contracts/money';
import { pluralLabel } from '@storefront/contracts/text';
import { themeStyle } from '@/lib/theme';
import type { PaymentPageData } from '../payment.queries';
import { PaymentFlow } from './payment-flow';
import { PaymentPickupOption } from './payment-pickup-option';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

/** /payment: 'Order Total' and 'Pay with Credit Card' panels, 'Back to Checkout'; footer hidden, logo inert. */
export function PaymentScreen({ data }: { data: PaymentPageData }) {
  const { totals } = data;
  const tip = centsToDollars(data.tipCents);
  const totalsPanel = (
    <section aria-labelledby="order-total-title" className="self-start rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="order-total-title" className="text-lg font-bold">
        Order Total
      </h2>
      <p className="mb-3 text-sm text-gray-700">My Order ({pluralLabel(data.itemCount, 'item')})</p>
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
  );
  const summary = data.pickup ? (
    <div className="flex flex-col gap-6 self-start">
      {totalsPanel}
      <PaymentPickupOption methods={data.pickup.methods} current={data.pickup.current} />
    </div>
  ) : (
    totalsPanel
  );
  return (
    <div style={themeStyle(data.theme)} className="min-h-dvh">
      <SiteHeader brandName={data.companyName} logoHref={null} />
      <main
        id={MAIN_CONTENT_ID}
        aria-labelledby="payment-title"
        className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 md:py-10"
      >
        <h1 id="payment-title" className="font-display text-3xl font-bold">
          Make your payment
        </h1>
        <PaymentFlow paymentOrigin={data.paymentOrigin} summary={summary} />
      </main>
    </div>
  );
}

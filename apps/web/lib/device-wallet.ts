import type { PaymentMethodInfo } from '@storefront/contracts/payments';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';

/**
 * Whether the guest's device can pay with the store's wallet. The wallet is Apple Pay (the picker's name for
 * VirtualWallet), which no Android device has: offering it there only leads to a sheet that cannot pay
 * (issue 37). Everywhere else it is offered (Safari, iOS browsers, and desktop browsers, which hand the payment
 * to a nearby iPhone).
 */
export function deviceHasWallet(userAgent: string | null | undefined): boolean {
  return !/\bAndroid\b/i.test(userAgent ?? '');
}

/** The store's payment methods this device can use: the wallet dropped where the device has none. */
export function methodsForDevice<M extends Pick<PaymentMethodInfo, 'paymentMethod'>>(
  methods: readonly M[],
  userAgent: string | null | undefined,
): M[] {
  return deviceHasWallet(userAgent)
    ? [...methods]
    : methods.filter((m) => m.paymentMethod !== PAYMENT_METHOD.VirtualWallet);
}

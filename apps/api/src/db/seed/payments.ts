/**
 * The payment methods of each demo store (the sandbox gift cards live with the sandbox processor, see
 * apps/sandbox-processor's SANDBOX_GIFT_CARDS and the README's 'Test gift cards'). Every store takes the credit card through the Aurus frame and gift cards, except:
 * - Union Market food hall (8): the credit card through the Express frame, offline credit (pay at the store)
 *   and the wallet (Apple Pay through Aurus): the payment-method picker, offline credit, wallet and Express.
 * - Silver Spring (2): the Aurus credit card only, no gift cards (the Gift Card part is hidden), with full address
 *   verification (AddressAndZipCode: street, city, state and postal code); every other store checks the postal
 *   code only (ZipCodeOnly).
 * - Chicago Loop (10): offline credit beside the card, but only with a verified identity (SMS first).
 * The open store (1), curbside (6) and table (7) stores keep one card method, so checkout goes straight to it.
 */
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import type { PaymentProcessorCode } from '@storefront/contracts/payments';
import type { AddressRequirement } from '@storefront/contracts/enum-values';
import type { Db } from '../client';
import { locationPaymentMethods } from '../schema/payments';
import { DEMO_LOCATIONS } from './locations';

interface MethodSeed {
  paymentMethod: number;
  processorCode: PaymentProcessorCode | null;
  requiresVerifiedIdentity?: boolean;
  avsCoverageLevel?: AddressRequirement;
}

const aurusCard: MethodSeed = { paymentMethod: PAYMENT_METHOD.CreditCard, processorCode: 'AURUS_HOSTED' };
const giftCard: MethodSeed = { paymentMethod: PAYMENT_METHOD.GiftCard, processorCode: null };

const STORE_METHODS: Record<number, MethodSeed[]> = {
  [DEMO_LOCATIONS.closesSoon]: [{ ...aurusCard, avsCoverageLevel: 'AddressAndZipCode' }],
  [DEMO_LOCATIONS.foodHall]: [
    { paymentMethod: PAYMENT_METHOD.CreditCard, processorCode: 'EXPRESS' },
    { paymentMethod: PAYMENT_METHOD.VirtualWallet, processorCode: 'AURUS_APPLE_PAY_HOSTED' },
    { paymentMethod: PAYMENT_METHOD.OfflineCredit, processorCode: null },
    giftCard,
  ],
  [DEMO_LOCATIONS.chicago]: [
    aurusCard,
    { paymentMethod: PAYMENT_METHOD.OfflineCredit, processorCode: null, requiresVerifiedIdentity: true },
    giftCard,
  ],
};

/** The methods of one store, in display order (stores not listed above: Aurus card and gift cards). */
export function demoPaymentMethods(locationId: number) {
  return (STORE_METHODS[locationId] ?? [aurusCard, giftCard]).map((m, i) => ({
    locationId,
    paymentMethod: m.paymentMethod,
    processorCode: m.processorCode,
    requiresVerifiedIdentity: m.requiresVerifiedIdentity ?? false,
    avsCoverageLevel: m.avsCoverageLevel ?? 'ZipCodeOnly',
    displayOrder: i,
  }));
}

export async function seedPayments(db: Db) {
  await db
    .insert(locationPaymentMethods)
    .values(Object.values(DEMO_LOCATIONS).flatMap((id) => demoPaymentMethods(id)))
    .onConflictDoNothing();
}

import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { z } from 'zod';
import { notFound, redirect } from 'next/navigation';
import { IdParamSchema } from '@storefront/contracts/bounds';
import {
  AccountDetailsSchema,
  LoginConfigurationValueSchema,
  PastOrderDetailSchema,
  PastOrdersValueSchema,
  type AccountDetails,
  type PastOrderDetail,
} from '@storefront/contracts/accounts';
import { LOGIN_CONFIGURATION } from '@storefront/contracts/enum-values';
import { LoyaltyAccountSchema, type LoyaltyAccount } from '@storefront/contracts/loyalty';
import { SavedPaymentSchema, type SavedPayment } from '@storefront/contracts/saved-payments';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import { apiRequest, currentAccessToken } from '@/lib/api';
import { isFeatureEnabled } from '@/lib/feature-flags';
import { customerIdOf, isMobileUserAgent } from './account-view';

/** Where a visitor without a user token is sent from /my-account (checkout-account section 2). */
export const SIGN_IN_PATH = '/search-locations?login=true';

/** Orders asked for per page of the history: four show at first, the rest behind 'More Orders'. */
export const PAST_ORDERS_PAGE = 20;

/** The signed-in customer's id from the access token cookie, or null for a guest. No API call. */
export async function getCustomerId(): Promise<number | null> {
  return customerIdOf(await currentAccessToken());
}

/** Whether this request comes from a phone or tablet (user agent). */
export async function isMobileRequest(): Promise<boolean> {
  return isMobileUserAgent((await headers()).get('user-agent'));
}

/**
 * The signed-in customer's details for a /my-account page. Without a user token, or when the API no longer
 * accepts it (session revoked or expired: 401), the visitor goes to the sign-in; other failures throw to the
 * page's error boundary.
 */
export const requireAccount = cache(async (): Promise<AccountDetails> => {
  if ((await getCustomerId()) === null) redirect(SIGN_IN_PATH);
  const result = await apiRequest(AccountDetailsSchema, 'guests/account-details');
  if (result.ok) return result.value;
  if (result.status === 401 || result.status === 403) redirect(SIGN_IN_PATH);
  throw new Error(`Could not load the account: ${result.errors.map((e) => e.message).join(', ')}`);
});

/** Profile fields are read-only when the brand signs customers in through a loyalty provider (section 5). */
export async function isLoyaltyLogin(): Promise<boolean> {
  const result = await apiRequest(LoginConfigurationValueSchema, 'guests/login-configurations', {
    revalidate: 60,
  });
  return result.ok && result.value.currentLogInConfiguration === LOGIN_CONFIGURATION.Loyalty;
}

/**
 * The first page of the order history (newest first), of the current order channel only (filterByCurrentOrderChannel:
 * checkout-account spec); failures throw to the page's error boundary.
 */
export async function listPastOrders() {
  const result = await apiRequest(PastOrdersValueSchema, 'guests/past-orders', {
    query: { limit: PAST_ORDERS_PAGE, filterByCurrentOrderChannel: true },
  });
  if (!result.ok) {
    throw new Error(`Could not load past orders: ${result.errors.map((e) => e.message).join(', ')}`);
  }
  return result.value;
}

/**
 * The past order a details route names (its raw `pastOrderId`), for the signed-in customer: a visitor without an
 * account goes to sign in, and an id that is malformed, not theirs or unknown is the not-found page.
 */
export const requirePastOrder = cache(async (rawPastOrderId: string): Promise<PastOrderDetail> => {
  const id = IdParamSchema.safeParse(rawPastOrderId);
  if (!id.success) notFound();
  await requireAccount();
  const result = await apiRequest(PastOrderDetailSchema, `guests/past-orders/${id.data}`);
  if (result.ok) return result.value;
  if (result.status === 404 || result.status === 400) notFound();
  throw new Error(`Could not load past order ${id.data}: ${result.errors.map((e) => e.message).join(', ')}`);
});

/** Whether My account offers Saved Payments: the 'enable saved payments' flag (the pages need a sign-in anyway). */
export async function isSavedPaymentsEnabled(): Promise<boolean> {
  return isFeatureEnabled(FEATURE_FLAG.savedPayments);
}

/**
 * The signed-in customer's saved cards for /my-account/saved-payments (every processor's). Without the flag the
 * page does not exist (not found); other failures throw to the page's error boundary.
 */
export async function listSavedPayments(): Promise<SavedPayment[]> {
  await requireAccount();
  if (!(await isSavedPaymentsEnabled())) notFound();
  const result = await apiRequest(z.array(SavedPaymentSchema), 'guests/saved-payments');
  if (result.ok) return result.value;
  if (result.status === 401) redirect(SIGN_IN_PATH);
  throw new Error(`Could not load saved payments: ${result.errors.map((e) => e.message).join(', ')}`);
}

/**
 * The signed-in member's points at the storefront's brand (balance, held points, history), or null when the
 * brand has no loyalty program (404). Other failures throw to the page's error boundary.
 */
export const getLoyaltyAccount = cache(async (): Promise<LoyaltyAccount | null> => {
  const result = await apiRequest(LoyaltyAccountSchema, 'loyalty/account');
  if (result.ok) return result.value;
  if (result.status === 404) return null;
  if (result.status === 401) redirect(SIGN_IN_PATH);
  throw new Error(`Could not load the points: ${result.errors.map((e) => e.message).join(', ')}`);
});

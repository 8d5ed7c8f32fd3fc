/**
 * Test helpers for signed-in customers: a customer row written straight into the table (activated, with a hash
 * no password matches), and a user access token for it with a live customer session, as the sign-in route
 * issues them (claims uid and csid; authenticate checks the session row).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { ORDER_CHANNEL, type OrderChannel } from '@storefront/contracts/enums';
import { customerSessions, customers } from '../db/schema/accounts';
import type { TestContext } from './harness';

let counter = 0;

/** An activated customer; the e-mail address is unique per call. Returns its id. */
export async function createCustomer(
  ctx: TestContext,
  values: { firstName?: string; email?: string } = {},
): Promise<number> {
  counter += 1;
  const [row] = await ctx.app.db
    .insert(customers)
    .values({
      email: values.email ?? `customer-${counter}-${randomUUID()}@example.com`,
      // Not an argon2 hash: no password signs in to a test customer made here.
      passwordHash: 'test-only',
      firstName: values.firstName ?? 'Casey',
      lastName: 'Customer',
      phoneNumber: '2025550143',
      activatedAt: new Date(),
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('customer insert returned nothing');
  return row.id;
}

export interface SignedInCustomer {
  token: string;
  sid: string;
  customerSessionId: string;
}

/**
 * A user access token for the customer with a fresh customer session (valid for a day). `sid` keeps an order
 * session (a guest who signs in keeps the cart); `appType` is the web storefront's unless given.
 */
export async function signInCustomer(
  ctx: TestContext,
  customerId: number,
  options: { sid?: string; appType?: OrderChannel } = {},
): Promise<SignedInCustomer> {
  const sid = options.sid ?? randomUUID();
  const customerSessionId = randomUUID();
  await ctx.app.db.insert(customerSessions).values({
    id: customerSessionId,
    customerId,
    orderSessionId: sid,
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  });
  // Signed with the API's own key and claims (lib/tokens.ts), as the sign-in route would sign it.
  const token = await new SignJWT({
    typ: 'access',
    sid,
    app: options.appType ?? ORDER_CHANNEL.web,
    uid: customerId,
    csid: customerSessionId,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(ctx.env.JWT_SECRET));
  return { token, sid, customerSessionId };
}

/** The headers of a request with the customer's token (X-Integration names the user, as the storefront sends it). */
export function customerHeaders(token: string, customerId: number) {
  return { authorization: `Bearer ${token}`, 'x-integration': String(customerId) };
}

/**
 * Test helpers for the accounts routes: sign-up, the e-mailed links, activation and sign-in through the routes
 * (with a solved captcha), as the storefront does them.
 */
import { randomUUID } from 'node:crypto';
import type { LoginValue } from '@storefront/contracts/accounts';
import { listMailbox } from '../../providers/email/outbox';
import { solveCaptcha } from '../../test/captcha';
import type { TestContext } from '../../test/harness';

export const PASSWORD = 'Passw0rd1';
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

let addressCounter = 0;
/** A client address of its own (the per-address limits then do not meet other tests' requests). */
export function newAddress(): string {
  addressCounter += 1;
  return `10.77.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export const newEmail = () => `customer-${randomUUID()}@example.com`;

export function signUpBody(ctx: TestContext, email: string, recaptchaInput: string, password = PASSWORD) {
  return {
    accountDetails: {
      firstName: 'Robin',
      lastName: 'Buyer',
      phoneNumber: '2025550123',
      email,
      password,
    },
    activationType: 1,
    customActivationDestination: `${ctx.env.WEB_PUBLIC_URL}/activation`,
    recaptchaInput,
  };
}

export async function signUp(ctx: TestContext, email: string, password = PASSWORD) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/guests/accounts',
    headers: auth(await ctx.token()),
    remoteAddress: newAddress(),
    payload: signUpBody(ctx, email, await solveCaptcha(ctx.app, newAddress()), password),
  });
}

/** The first link of the newest e-mail to `email` (null when it has none). */
export async function lastLink(ctx: TestContext, email: string): Promise<URL | null> {
  const [mail] = await listMailbox(ctx.app.db, email);
  const match = mail?.text.match(/https?:\/\/\S+/);
  return match ? new URL(match[0]) : null;
}

/** Waits for the e-mails to `email` to number `count` (forgot-password writes its e-mail after answering). */
export async function waitForMails(ctx: TestContext, email: string, count: number) {
  for (let i = 0; i < 100; i += 1) {
    const mails = await listMailbox(ctx.app.db, email);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return listMailbox(ctx.app.db, email);
}

export async function activate(ctx: TestContext, email: string) {
  const link = await lastLink(ctx, email);
  if (!link) throw new Error(`no activation link for ${email}`);
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/guests/accounts/activate',
    headers: auth(await ctx.token()),
    payload: { email: link.searchParams.get('email'), activationToken: link.searchParams.get('token') },
  });
}

export async function signIn(
  ctx: TestContext,
  email: string,
  password = PASSWORD,
  options: { token?: string; remoteAddress?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/guests/sessions',
    headers: auth(options.token ?? (await ctx.token())),
    remoteAddress: options.remoteAddress ?? newAddress(),
    payload: { email, password, recaptchaInput: await solveCaptcha(ctx.app, newAddress()) },
  });
}

/** A new, activated customer signed in: its e-mail and the sign-in's answer. */
export async function activeCustomer(ctx: TestContext, options: { token?: string } = {}) {
  const email = newEmail();
  const created = await signUp(ctx, email);
  if (created.statusCode !== 201) throw new Error(`sign-up: ${created.statusCode} ${created.body}`);
  const activated = await activate(ctx, email);
  if (activated.statusCode !== 200) throw new Error(`activation: ${activated.statusCode} ${activated.body}`);
  const login = await signIn(ctx, email, PASSWORD, options);
  if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
  return { email, login: login.json<{ value: LoginValue }>().value };
}

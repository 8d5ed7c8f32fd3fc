/**
 * Customer accounts: sign-up with an e-mail activation link, activation, resending the link, forgotten password
 * and reset, account details and the login configuration. Nothing here tells whether an e-mail address has an
 * account: sign-up and forgot-password answer alike for both (the owner of a registered address is told by
 * e-mail instead).
 */
import {
  ACCOUNT_ERROR,
  ACCOUNT_MESSAGES,
  type AccountDetails,
  type CreateAccountBodySchema,
  type ForgotPasswordBodySchema,
  type LoginConfigurationValue,
  type UpdateAccountDetailsBodySchema,
} from '@storefront/contracts/accounts';
import { LOGIN_CONFIGURATION, LOYALTY_PROVIDER } from '@storefront/contracts/enum-values';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ACCOUNT_TOKEN_KIND } from '../../db/schema/accounts';
import type { Env } from '../../env';
import { DomainError, badRequest } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import { countEmailsToSince, enqueueEmail } from '../../providers/email/outbox';
import {
  countAccountTokensSince,
  findCustomerByEmail,
  findCustomerById,
  insertAccountToken,
  insertCustomer,
  revokeCustomerSessions,
  updateAccountTokensUsed,
  updateCustomerActivated,
  updateCustomerPassword,
  updateCustomerProfile,
  useAccountToken,
} from './accounts.repository';
import { hashPassword } from './passwords';
import { accountDetailsOf, hashToken, newToken, requireCustomer, sessionInvalid } from './sessions.service';

/** An activation link works for 24 hours, once. */
export const ACTIVATION_TOKEN_TTL_HOURS = 24;
/** A password reset link works for 1 hour, once (and a reset ends the customer's other links). */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Activation e-mails per account: one a minute and five a day (sign-up's own included). */
export const RESEND_PER_MINUTE = 1;
export const RESEND_PER_DAY = 5;
/** Reset e-mails per account an hour. */
export const FORGOT_PER_HOUR = 3;
/**
 * Account e-mails (activation, reset, 'someone tried to sign up') to one recipient address, whoever asks and from
 * wherever: at most 5 an hour and 20 a day. Past them requests still answer alike, and nothing is sent.
 */
export const MAILS_PER_RECIPIENT_HOUR = 5;
export const MAILS_PER_RECIPIENT_DAY = 20;

/**
 * Whether one more account e-mail may go to `recipient` (the per-recipient caps). Call it in the transaction that
 * holds the recipient's customer row locked, so that concurrent requests count each other.
 */
async function mayMail(tx: Db, recipient: string): Promise<boolean> {
  const now = Date.now();
  if ((await countEmailsToSince(tx, recipient, new Date(now - 3_600_000))) >= MAILS_PER_RECIPIENT_HOUR) {
    return false;
  }
  return (await countEmailsToSince(tx, recipient, new Date(now - 86_400_000))) < MAILS_PER_RECIPIENT_DAY;
}

type CreateAccountBody = z.output<typeof CreateAccountBodySchema>;
type ForgotPasswordBody = z.output<typeof ForgotPasswordBodySchema>;

const invalidLink = () =>
  new DomainError(422, {
    key: 'InvalidAccountToken',
    code: ACCOUNT_ERROR.InvalidAccountToken,
    message: ACCOUNT_MESSAGES.linkNotValid,
  });

/**
 * The destination of an e-mailed link, which must be on the storefront's origin: else anyone could have our
 * server mail our customers a link to a page of theirs. Throws 400 InvalidDestination.
 */
function linkTo(destination: string, env: Pick<Env, 'WEB_PUBLIC_URL'>): URL {
  const url = new URL(destination);
  if (url.origin !== new URL(env.WEB_PUBLIC_URL).origin) {
    throw badRequest('InvalidDestination', "The link's destination must be on the storefront's own origin");
  }
  return url;
}

function activationLink(destination: URL, email: string, token: string): string {
  const url = new URL(destination);
  url.searchParams.set('email', email);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Writes an activation link and its e-mail, unless the recipient's caps are reached. The e-mail holds no text of
 * the sign-up's (not even the name): whoever signs up with someone else's address must not be able to write to
 * them. `tx` holds the customer's row locked (just inserted, or selected for update).
 */
async function sendActivation(tx: Db, customer: { id: number; email: string }, to: URL) {
  if (!(await mayMail(tx, customer.email))) return;
  const token = newToken();
  await insertAccountToken(tx, {
    customerId: customer.id,
    kind: ACCOUNT_TOKEN_KIND.activation,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ACTIVATION_TOKEN_TTL_HOURS * 3_600_000),
  });
  const link = activationLink(to, customer.email, token);
  await enqueueEmail(tx, {
    to: customer.email,
    subject: 'Activate your account',
    text:
      'Hello,\n\nThis e-mail address was used to create an account for online ordering. To confirm it and ' +
      `activate the account, open this link:\n${link}\n\nThe link works once, for ${ACTIVATION_TOKEN_TTL_HOURS} ` +
      'hours. If you did not sign up, ignore this e-mail: no account is activated without it.',
  });
}

/**
 * Sign-up. A new address gets an account (inactive) and an activation e-mail; an address with an account gets a
 * notice that someone tried to sign up with it. Both answer the same and do the same work (the password is
 * hashed either way); either e-mail is sent only within the recipient's caps (MAILS_PER_RECIPIENT_HOUR, _DAY).
 * Throws 400 InvalidDestination for a link outside the storefront.
 */
export async function createAccount(
  db: Db,
  env: Pick<Env, 'WEB_PUBLIC_URL'>,
  body: CreateAccountBody,
): Promise<{ email: string }> {
  const destination = linkTo(body.customActivationDestination, env);
  const { email, firstName, lastName, phoneNumber, password } = body.accountDetails;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const id = await insertCustomer(tx, { email, passwordHash, firstName, lastName, phoneNumber });
    if (id !== null) {
      await sendActivation(tx, { id, email }, destination);
      return;
    }
    // Locked, so that concurrent sign-ups with one address count each other's e-mails.
    const existing = await findCustomerByEmail(tx, email, { forUpdate: true });
    if (!existing || !(await mayMail(tx, email))) return;
    await enqueueEmail(tx, {
      to: email,
      subject: 'Someone tried to sign up with your e-mail address',
      text:
        'Someone (perhaps you) tried to create an account with this e-mail address, which already has one. ' +
        'No new account was made.\n\nTo get in, sign in with your password, or use "Forgot password" to set a ' +
        'new one. If it was not you, you can ignore this e-mail.',
    });
  });
  return { email };
}

/**
 * Activation from the e-mailed link. 400 MissingActivationParameters (9000) without an e-mail or a token; 422
 * InvalidAccountToken (9001) for a token that is unknown, used, expired or of another address.
 */
export async function activateAccount(
  db: Db,
  input: { email?: string; activationToken?: string },
): Promise<{ activated: true }> {
  const { email, activationToken } = input;
  if (!email || !activationToken) {
    throw badRequest(
      'MissingActivationParameters',
      ACCOUNT_MESSAGES.missingActivationParameters,
      ACCOUNT_ERROR.MissingActivationParameters,
    );
  }
  await db.transaction(async (tx) => {
    const customer = await findCustomerByEmail(tx, email);
    const now = new Date();
    const used =
      customer &&
      (await useAccountToken(
        tx,
        {
          tokenHash: hashToken(activationToken),
          kind: ACCOUNT_TOKEN_KIND.activation,
          customerId: customer.id,
        },
        now,
      ));
    if (!customer || !used) throw invalidLink();
    await updateCustomerActivated(tx, customer.id, now);
  });
  return { activated: true };
}

/**
 * Sends a new activation link when the account exists and is not active yet, at most RESEND_PER_MINUTE a minute
 * and RESEND_PER_DAY a day; answers the same in every case (a refused resend is silent). 400 InvalidDestination.
 */
export async function resendActivation(
  db: Db,
  env: Pick<Env, 'WEB_PUBLIC_URL'>,
  accountId: number,
  customActivationDestination: string,
): Promise<{ accepted: true }> {
  const destination = linkTo(customActivationDestination, env);
  await db.transaction(async (tx) => {
    // Locked, so that two resends at once count each other.
    const customer = await findCustomerById(tx, accountId, { forUpdate: true });
    if (!customer || customer.activatedAt) return;
    const now = Date.now();
    const kind = ACCOUNT_TOKEN_KIND.activation;
    if ((await countAccountTokensSince(tx, customer.id, kind, new Date(now - 60_000))) >= RESEND_PER_MINUTE)
      return;
    if (
      (await countAccountTokensSince(tx, customer.id, kind, new Date(now - 86_400_000))) >= RESEND_PER_DAY
    ) {
      return;
    }
    await sendActivation(tx, customer, destination);
  });
  return { accepted: true };
}

/**
 * Forgot password, first half: checks the link's destination (400 InvalidDestination) and looks the address up,
 * the same work for every address. Returns the e-mail's writing as work to do after the answer, or null for an
 * address without an account: the answer (202) leaves at the same point for both, so its timing tells nothing.
 */
export async function startPasswordReset(
  db: Db,
  env: Pick<Env, 'WEB_PUBLIC_URL'>,
  body: ForgotPasswordBody,
): Promise<(() => Promise<void>) | null> {
  const destination = linkTo(body.customResetDestination, env);
  const customer = await findCustomerByEmail(db, body.email);
  if (!customer) return null;
  return () => sendPasswordReset(db, customer.id, destination);
}

/** Writes a reset link and its e-mail, at most FORGOT_PER_HOUR an hour per account (more are dropped). */
async function sendPasswordReset(db: Db, customerId: number, destination: URL): Promise<void> {
  await db.transaction(async (tx) => {
    const customer = await findCustomerById(tx, customerId, { forUpdate: true });
    if (!customer) return;
    const kind = ACCOUNT_TOKEN_KIND.passwordReset;
    const hourAgo = new Date(Date.now() - 3_600_000);
    if ((await countAccountTokensSince(tx, customer.id, kind, hourAgo)) >= FORGOT_PER_HOUR) return;
    if (!(await mayMail(tx, customer.email))) return;
    const token = newToken();
    await insertAccountToken(tx, {
      customerId: customer.id,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    const link = new URL(destination);
    link.searchParams.set('token', token);
    await enqueueEmail(tx, {
      to: customer.email,
      subject: 'Reset your password',
      text:
        `Hello,\n\nTo choose a new password, open this link:\n${link.toString()}\n\n` +
        `It works once, for ${RESET_TOKEN_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail: ` +
        'your password stays as it is.',
    });
  });
}

/**
 * Reset password with an e-mailed link: the new password, the link used (with the customer's other reset links)
 * and every session of the customer ended, in one transaction. 422 InvalidAccountToken (9001, 'The link is not
 * valid') for a link that is unknown, used or expired. Activation is left as it is.
 */
export async function resetPassword(
  db: Db,
  input: { accountToken: string; password: string },
): Promise<{ reset: true }> {
  // Hashed before the transaction: argon2 takes tens of milliseconds a connection need not be held for.
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const now = new Date();
    const kind = ACCOUNT_TOKEN_KIND.passwordReset;
    const customerId = await useAccountToken(tx, { tokenHash: hashToken(input.accountToken), kind }, now);
    if (customerId === null) throw invalidLink();
    await updateCustomerPassword(tx, customerId, passwordHash, now);
    await updateAccountTokensUsed(tx, customerId, kind, now);
    await revokeCustomerSessions(tx, customerId, now);
  });
  return { reset: true };
}

/** The signed-in customer's details; 401 for a guest token, 401 SessionInvalid when the account is gone. */
export async function getAccountDetails(db: Db, session: Session): Promise<AccountDetails> {
  const { userId } = requireCustomer(session);
  const customer = await findCustomerById(db, userId);
  if (!customer) throw sessionInvalid();
  return accountDetailsOf(customer);
}

/**
 * Updates name and phone (the e-mail address is the account's key and stays). Fails as getAccountDetails, and
 * with 403 (9010) under loyalty login, where the loyalty program owns the profile (spec: all fields locked).
 */
export async function updateAccountDetails(
  db: Db,
  env: Pick<Env, 'LOGIN_CONFIGURATION'>,
  session: Session,
  input: z.output<typeof UpdateAccountDetailsBodySchema>,
): Promise<AccountDetails> {
  const { userId } = requireCustomer(session);
  if (env.LOGIN_CONFIGURATION === LOGIN_CONFIGURATION.Loyalty) {
    throw new DomainError(403, {
      key: 'ProfileLocked',
      code: ACCOUNT_ERROR.ProfileLocked,
      message: ACCOUNT_MESSAGES.profileLocked,
    });
  }
  const { firstName, lastName, phoneNumber } = input;
  const customer = await updateCustomerProfile(db, userId, { firstName, lastName, phoneNumber }, new Date());
  if (!customer) throw sessionInvalid();
  return accountDetailsOf(customer);
}

/**
 * Which sign-in the storefront offers (LOGIN_CONFIGURATION; QuCrm in the demo) and, under loyalty login, the
 * loyalty provider: ours (OpenProviderLoyalty), whichever issuer its members sign in at.
 */
export function getLoginConfiguration(env: Pick<Env, 'LOGIN_CONFIGURATION'>): LoginConfigurationValue {
  return {
    currentLogInConfiguration: env.LOGIN_CONFIGURATION,
    loyaltyProvider:
      env.LOGIN_CONFIGURATION === LOGIN_CONFIGURATION.Loyalty
        ? LOYALTY_PROVIDER.OpenProviderLoyalty
        : LOYALTY_PROVIDER.None,
  };
}

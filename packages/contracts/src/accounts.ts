/**
 * Customer accounts: sign-up, activation, sign-in (CRM login), sessions, password reset, account details,
 * past orders, past ordered items and repeat order (spec: ordering sections 3-5, 7, 8; checkout-account
 * sections 2, 4, 5, 7, 8). Form schemas carry the spec's messages and are used by the storefront's forms and by
 * the API's route schemas alike.
 */
import { z } from 'zod';
import { envelope } from './api';
import { DateTimeSchema, IdParamSchema, IdSchema, refuseNul, textSchema } from './bounds';
import { EMAIL_MAX, emailAddressSchema, normalisePhone } from './checkout';
import { FulfillmentMethodSchema, OrderChannelSchema } from './enums';
import { LOGIN_CONFIGURATION, LOYALTY_PROVIDER } from './enum-values';
import {
  AddOrderItemBodySchema,
  CreateOrderBodySchema,
  OrderResponseSchema,
  OrderSchema,
  RejectedItemSchema,
} from './orders';
import { NAME_MAX } from './text';

// ---------------------------------------------------------------------------------------------------------
// Limits and messages
// ---------------------------------------------------------------------------------------------------------

/** Sign-up password: at least 8 characters with lowercase, uppercase and a digit (ordering spec section 5). */
export const PASSWORD_MIN = 8;
/** Reset password: the spec's own minimum for the 'Create New Password' form (checkout-account section 5). */
export const RESET_PASSWORD_MIN = 6;
/** No password longer than this is hashed (argon2 takes any length; a megabyte password is a CPU attack). */
export const PASSWORD_MAX = 128;
/** Order history shows this many orders before 'More Orders'. */
export const ORDER_HISTORY_FIRST = 4;
/** Reorder strip: the last ordered items asked for (GET guests/past-ordered-items limit). */
export const PAST_ORDERED_ITEMS_LIMIT = 5;
/** Past orders per page (GET guests/past-orders). */
export const PAST_ORDERS_PAGE_MAX = 100;
/** Logout confirm is debounced this long (ordering spec section 9). */
export const LOGOUT_DEBOUNCE_MS = 500;
/** The activation page's 'Try again' retries after this long. */
export const ACTIVATION_RETRY_MS = 500;

export const ACCOUNT_MESSAGES = {
  // Library-level generic messages (ordering spec section 5).
  required: 'This field is required',
  emailInvalidGeneric: 'Please enter a valid email',
  // Login
  loginEmailRequired: 'Please enter your email',
  loginEmailInvalid: 'Please enter a valid email',
  loginPasswordRequired: 'Please enter your password',
  challengeRequired: 'Please complete the following challenge',
  invalidCredentials: 'Invalid email or password',
  profileLocked: 'Your profile is managed by the loyalty program',
  loginUnknown: 'Unknown error ocurred while trying to perform login',
  inactiveAccount: 'Your account is not activated yet. Check your e-mail for the activation link.',
  activationSent: 'We sent you a new activation link. Check your e-mail.',
  // Signup
  firstNameRequired: 'Please enter your name',
  lastNameRequired: 'Please enter your last name',
  nameMax: `You must enter a maximum of ${NAME_MAX} characters`,
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a valid phone number without special characters',
  passwordPolicy: 'Password must be at least 8 characters long and include uppercase, lowercase and numbers.',
  passwordMismatch: 'The password confirmation does not match',
  signupFailed:
    "There was an error with the email you entered. Please ensure it's correct or use another address",
  // Reset password (checkout-account section 5)
  newPasswordRequired: 'Please enter new password',
  newPasswordMin: `Passwords must be at least ${RESET_PASSWORD_MIN} characters long`,
  confirmPasswordRequired: 'Please re-enter your new password',
  linkNotValid: 'The link is not valid',
  passwordUpdated: 'Password Updated!',
  // Activation
  missingActivationParameters: 'Missing parameters for activation',
  activationFailed: 'Verification failed!',
  activationSucceeded: 'Your Email Address is Verified!',
  // Session
  sessionReset: 'Your session has been reset.',
  loggedOut: "You've been logged out",
  logoutConfirm: 'Are you sure you want to Logout from your account?',
  tooManyAttempts: 'Too many attempts. Please try again in a few minutes.',
  // Repeat order
  noAvailableItem: 'No available item',
  missingItems: 'Missing items',
} as const;

/** Error codes of this area beyond the spec's shared catalogue (errors.ts APP_ERROR). */
export const ACCOUNT_ERROR = {
  /** Activation without email or token (checkout-account section 5). */
  MissingActivationParameters: 9000,
  /** An activation or reset link that is unknown, used or expired. */
  InvalidAccountToken: 9001,
  /** Sign-in to an account that is not activated yet (the envelope's value carries accountId). */
  InactiveAccount: 9005,
  /** Wrong e-mail or password, alike for both. */
  InvalidCredentials: 401,
  /** Captcha missing, wrong, expired or used (spec 9902). */
  RecaptchaFailure: 9902,
  /** Session revoked or invalid (spec 10005). */
  SessionInvalid: 10005,
  /** Repeat order: nothing or not everything could be added (spec 10018). */
  BulkAddFailed: 10018,
  /** Profile change under loyalty login: the loyalty program owns the profile (checkout-account section 5). */
  ProfileLocked: 9010,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------------------

/** Lowercase, uppercase and a digit, at least 8 characters. */
export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)
  );
}

/** An e-mail address as the account key: trimmed and lowercased. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const emailField = (required: string, invalid: string) =>
  emailAddressSchema({ required, invalid }).transform(normaliseEmail);

const nameField = (required: string) =>
  refuseNul(z.string({ error: required }))
    .trim()
    .min(1, required)
    .max(NAME_MAX, ACCOUNT_MESSAGES.nameMax);

/** Account phone: digits only (no special characters), 10 digits. */
const phoneField = z
  .string({ error: ACCOUNT_MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.phoneRequired, abort: true })
  .regex(/^\d{10}$/, ACCOUNT_MESSAGES.phoneInvalid)
  .transform(normalisePhone);

const passwordField = refuseNul(z.string({ error: ACCOUNT_MESSAGES.loginPasswordRequired }))
  .min(1, { error: ACCOUNT_MESSAGES.loginPasswordRequired, abort: true })
  .max(PASSWORD_MAX, { error: `You must enter a maximum of ${PASSWORD_MAX} characters`, abort: true });

/** The captcha result: an ALTCHA payload (base64 JSON) or a reCAPTCHA token. */
export const RecaptchaInputSchema = textSchema(8000).min(1, ACCOUNT_MESSAGES.challengeRequired);

// ---------------------------------------------------------------------------------------------------------
// Captcha
// ---------------------------------------------------------------------------------------------------------

/** GET /v1/captcha/challenge: an ALTCHA proof-of-work challenge (single use, expiring). */
export const CaptchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;
/** In the envelope like every answer; the storefront's same-origin /api/captcha hands the widget its value. */
export const CaptchaChallengeResponseSchema = envelope(CaptchaChallengeSchema);

// ---------------------------------------------------------------------------------------------------------
// Login configuration
// ---------------------------------------------------------------------------------------------------------

export const LoginConfigurationQuerySchema = z.object({ callbackUrl: textSchema(2000).optional() });
export const LoginConfigurationValueSchema = z.object({
  currentLogInConfiguration: z.union([
    z.literal(LOGIN_CONFIGURATION.None),
    z.literal(LOGIN_CONFIGURATION.QuCrm),
    z.literal(LOGIN_CONFIGURATION.Loyalty),
  ]),
  loyaltyProvider: z.number().int().min(LOYALTY_PROVIDER.None).max(6),
});
export type LoginConfigurationValue = z.infer<typeof LoginConfigurationValueSchema>;
export const LoginConfigurationResponseSchema = envelope(LoginConfigurationValueSchema);

// ---------------------------------------------------------------------------------------------------------
// Forms (storefront dialogs) and request bodies (API)
// ---------------------------------------------------------------------------------------------------------

/** The login dialog (without the captcha, which the widget supplies). */
export const LoginFormSchema = z.object({
  email: emailField(ACCOUNT_MESSAGES.loginEmailRequired, ACCOUNT_MESSAGES.loginEmailInvalid),
  password: passwordField,
});
export type LoginForm = z.input<typeof LoginFormSchema>;

/** POST /v1/guests/sessions: CRM login. Called with the guest's token, whose order session carries over. */
export const LoginBodySchema = LoginFormSchema.extend({ recaptchaInput: RecaptchaInputSchema });
export type LoginBody = z.input<typeof LoginBodySchema>;

/**
 * The confirmation check of the sign-up and reset forms, a schema of its own joined to the form's fields: zod skips
 * an object's refinements while any of its fields has an issue, so the sign-up dialog (whose name, phone or e-mail
 * are often still empty) never showed 'The password confirmation does not match'. An empty confirmation is the
 * fields' 'required' message instead.
 */
const ConfirmationSchema = z
  .object({ password: z.unknown(), confirmPassword: z.unknown() })
  .refine(
    (form) =>
      typeof form.confirmPassword !== 'string' ||
      form.confirmPassword === '' ||
      form.password === form.confirmPassword,
    { message: ACCOUNT_MESSAGES.passwordMismatch, path: ['confirmPassword'] },
  );

/** The signup dialog (without the captcha). */
export const SignupFormSchema = z.intersection(
  z.object({
    firstName: nameField(ACCOUNT_MESSAGES.firstNameRequired),
    lastName: nameField(ACCOUNT_MESSAGES.lastNameRequired),
    phoneNumber: phoneField,
    email: emailField(ACCOUNT_MESSAGES.required, ACCOUNT_MESSAGES.emailInvalidGeneric),
    password: passwordField.refine(meetsPasswordPolicy, ACCOUNT_MESSAGES.passwordPolicy),
    confirmPassword: z.string({ error: ACCOUNT_MESSAGES.required }).min(1, ACCOUNT_MESSAGES.required),
  }),
  ConfirmationSchema,
);
export type SignupForm = z.input<typeof SignupFormSchema>;

export const AccountDetailsInputSchema = z.object({
  firstName: nameField(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: nameField(ACCOUNT_MESSAGES.lastNameRequired),
  phoneNumber: phoneField,
  email: emailField(ACCOUNT_MESSAGES.required, ACCOUNT_MESSAGES.emailInvalidGeneric),
  password: passwordField.refine(meetsPasswordPolicy, ACCOUNT_MESSAGES.passwordPolicy),
});

/**
 * POST /v1/guests/accounts (the spec's POST /api/accounts): create an account and e-mail an activation link to
 * `customActivationDestination` (the storefront's /activation URL; its origin must be the storefront's).
 * Answers 201 alike for a new and for an existing e-mail address (the existing owner gets a notice by e-mail
 * instead): the answer never tells whether an address has an account.
 */
export const CreateAccountBodySchema = z.object({
  accountDetails: AccountDetailsInputSchema,
  /** 1: activation by e-mail link (the only kind). */
  activationType: z.literal(1),
  customActivationDestination: textSchema(2000).url(),
  recaptchaInput: RecaptchaInputSchema,
});
export type CreateAccountBody = z.input<typeof CreateAccountBodySchema>;
export const CreateAccountValueSchema = z.object({ email: z.string() });
export const CreateAccountResponseSchema = envelope(CreateAccountValueSchema);

/** POST /v1/guests/accounts/activate (the activation page sends its query's email and token). */
export const ActivateAccountBodySchema = z.object({
  email: textSchema(EMAIL_MAX).transform(normaliseEmail),
  activationToken: textSchema(200),
});
export const ActivateAccountValueSchema = z.object({ activated: z.literal(true) });
export const ActivateAccountResponseSchema = envelope(ActivateAccountValueSchema);

/** POST /v1/guests/accounts/{id}/resend-activation: always 202 alike (sent only when the account is inactive). */
export const AccountIdParamsSchema = z.object({ accountId: IdParamSchema });
export const ResendActivationBodySchema = z.object({
  customActivationDestination: textSchema(2000).url(),
});
export const AcceptedValueSchema = z.object({ accepted: z.literal(true) });
export const AcceptedResponseSchema = envelope(AcceptedValueSchema);

/** The forgot-password dialog. */
export const ForgotPasswordFormSchema = z.object({
  email: emailField(ACCOUNT_MESSAGES.required, ACCOUNT_MESSAGES.emailInvalidGeneric),
});
/**
 * POST /v1/guests/accounts/forgot-password. The spec's path carries an account id, which a guest who forgot the
 * password does not know: the e-mail address is the body instead. Always 202 alike (no enumeration).
 */
export const ForgotPasswordBodySchema = ForgotPasswordFormSchema.extend({
  customResetDestination: textSchema(2000).url(),
  recaptchaInput: RecaptchaInputSchema,
});

/** 'Create New Password' (checkout-account section 5) with the sign-up password policy on top. */
export const ResetPasswordFormSchema = z.intersection(
  z.object({
    password: refuseNul(z.string({ error: ACCOUNT_MESSAGES.newPasswordRequired }))
      .min(1, { error: ACCOUNT_MESSAGES.newPasswordRequired, abort: true })
      .min(RESET_PASSWORD_MIN, { error: ACCOUNT_MESSAGES.newPasswordMin, abort: true })
      .max(PASSWORD_MAX, `You must enter a maximum of ${PASSWORD_MAX} characters`)
      // The spec's reset form asks only for 6 characters while sign-up asks for 8 with mixed case and a digit; a
      // reset must not open the door to a weaker password than sign-up allows, so both apply (6 first, as the
      // spec's message for short entries).
      .refine(meetsPasswordPolicy, ACCOUNT_MESSAGES.passwordPolicy),
    confirmPassword: z
      .string({ error: ACCOUNT_MESSAGES.confirmPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.confirmPasswordRequired),
  }),
  ConfirmationSchema,
);
/** POST /v1/guests/accounts/reset-password: ends every session of the customer. */
export const ResetPasswordBodySchema = z.object({
  accountToken: textSchema(200).min(1),
  password: refuseNul(z.string())
    .min(RESET_PASSWORD_MIN, ACCOUNT_MESSAGES.newPasswordMin)
    .max(PASSWORD_MAX)
    .refine(meetsPasswordPolicy, ACCOUNT_MESSAGES.passwordPolicy),
});
export const ResetPasswordValueSchema = z.object({ reset: z.literal(true) });
export const ResetPasswordResponseSchema = envelope(ResetPasswordValueSchema);

// ---------------------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------------------

export const AccountDetailsSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
});
export type AccountDetails = z.infer<typeof AccountDetailsSchema>;

/**
 * A signed-in customer's tokens: a user access token (carrying the user id; X-Integration) and a refresh token
 * that the storefront keeps in an httpOnly cookie to get new access tokens (POST /v1/oauth/token with
 * refreshToken) until the session ends (logout, password reset, its absolute expiry).
 */
export const LoginValueSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  appType: OrderChannelSchema,
  refreshToken: z.string(),
  refreshExpiresIn: z.number().int(),
  account: AccountDetailsSchema,
});
export type LoginValue = z.infer<typeof LoginValueSchema>;
export const LoginResponseSchema = envelope(LoginValueSchema);

/** 403 of a sign-in to an inactive account: the value carries the id for resend-activation. */
export const InactiveAccountEnvelopeSchema = z.object({
  value: z.object({ accountId: z.number().int() }),
  succeed: z.literal(false),
  errors: z.array(
    z.object({ key: z.string(), code: z.union([z.number(), z.string()]), message: z.string() }),
  ),
});

/** GET/PATCH /v1/guests/account-details. E-mail is read-only. */
export const AccountDetailsResponseSchema = envelope(AccountDetailsSchema);
export const ProfileFormSchema = z.object({
  firstName: nameField(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: nameField(ACCOUNT_MESSAGES.lastNameRequired),
  phoneNumber: phoneField,
});
export type ProfileForm = z.input<typeof ProfileFormSchema>;
export const UpdateAccountDetailsBodySchema = ProfileFormSchema;

// ---------------------------------------------------------------------------------------------------------
// Past orders, past ordered items, repeat order
// ---------------------------------------------------------------------------------------------------------

export const PastOrdersQuerySchema = z.object({
  filterByCurrentOrderChannel: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(PAST_ORDERS_PAGE_MAX).optional(),
  /** The id of the last order of the previous page (newest first): the next page starts after it. */
  before: IdParamSchema.optional(),
});
export const PastOrderSummarySchema = z.object({
  id: z.number().int(),
  referenceNumber: z.string().nullable(),
  locationId: z.number().int(),
  locationName: z.string(),
  orderChannel: OrderChannelSchema,
  fulfillmentMethod: FulfillmentMethodSchema,
  /** When it was (expected to be) ready, ISO with the store's offset. */
  readyDateTime: DateTimeSchema.nullable(),
  placedAt: z.string(),
  /** When the store cancelled it (store offset); null unless it was cancelled before completion. */
  cancelledAt: z.string().nullable().optional(),
  total: z.number(),
  itemCount: z.number().int(),
});
export type PastOrderSummary = z.infer<typeof PastOrderSummarySchema>;
export const PastOrdersValueSchema = z.object({
  orders: z.array(PastOrderSummarySchema),
  /** More orders exist after the last one of this page. */
  hasMore: z.boolean(),
});
export const PastOrdersResponseSchema = envelope(PastOrdersValueSchema);

export const PastOrderIdParamsSchema = z.object({ pastOrderId: IdParamSchema });
export const PastOrderLineSchema = z.object({
  id: z.number().int(),
  itemPathKey: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  portionTitle: z.string().nullable(),
  modifiers: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
  note: z.string().nullable(),
  total: z.number(),
});
export const PastOrderDetailSchema = PastOrderSummarySchema.extend({
  locationAddress: z.string(),
  items: z.array(PastOrderLineSchema),
  /**
   * As an order's totals: `serviceCharge` includes a delivery order's fee and driver tip, which are also given
   * on their own (0 for other methods) so that the rows can show them apart (pricing.ts totalsRows).
   */
  totals: z.object({
    subtotal: z.number(),
    discount: z.number(),
    serviceCharge: z.number(),
    salesTax: z.number(),
    tip: z.number(),
    total: z.number(),
    deliveryFee: z.number(),
    driverTip: z.number(),
  }),
  /** The lines as add-item payloads (POST sales/orders/{id}/bulk-items when an order exists). */
  reorderItems: z.array(AddOrderItemBodySchema),
});
export type PastOrderDetail = z.infer<typeof PastOrderDetailSchema>;
export const PastOrderDetailResponseSchema = envelope(PastOrderDetailSchema);

export const PastOrderedItemsQuerySchema = z.object({
  snapshotId: IdParamSchema,
  locationId: IdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PAST_ORDERED_ITEMS_LIMIT).optional(),
  filterByCurrentOrderChannel: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});
/**
 * A recently ordered item (the reorder strip), priced on the given snapshot today (never at the old price).
 * Items missing from that menu are left out; out-of-stock ones come with isOutOfStock.
 */
export const RecentOrderedItemSchema = z.object({
  /** The past order line's id: the item page's pastItemId. */
  pastItemId: z.number().int(),
  itemPathKey: z.string(),
  title: z.string(),
  orderDate: z.string(),
  quantity: z.number().int(),
  portionId: z.number().int().nullable(),
  /** Today's price of the line (quantity included), dollars. */
  total: z.number(),
  isOutOfStock: z.boolean(),
  note: z.string().nullable(),
  selectedModifiers: z.array(
    z.object({
      itemPathKey: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      portionId: z.number().int().nullable(),
      itemType: z.number().int(),
    }),
  ),
});
export type RecentOrderedItem = z.infer<typeof RecentOrderedItemSchema>;
export const PastOrderedItemsResponseSchema = envelope(z.array(RecentOrderedItemSchema));
export const PastItemIdParamsSchema = z.object({ pastItemId: IdParamSchema });
export const PastOrderedItemQuerySchema = z.object({ snapshotId: IdParamSchema });
export const PastOrderedItemResponseSchema = envelope(RecentOrderedItemSchema);

/**
 * POST sales/orders with pastOrderId: a new order at the past order's location on today's snapshot with the
 * past order's items, each repriced. Without removeInvalidItems, any item that cannot be ordered makes it 422
 * 10018 (errors: key 'MissingItem', one per item, message = its title); with it, those are left out and listed in
 * removedItems; when none is left it is 422 10018 'No available item' (key 'NoAvailableItem').
 */
export const RepeatOrderBodySchema = z.object({
  pastOrderId: IdSchema,
  removeInvalidItems: z.boolean().optional(),
});
export type RepeatOrderBody = z.infer<typeof RepeatOrderBodySchema>;
export const RepeatOrderValueSchema = z.object({
  order: OrderSchema,
  removedItems: z.array(RejectedItemSchema),
});
export const RepeatOrderResponseSchema = envelope(RepeatOrderValueSchema);

/**
 * POST sales/orders takes either body: with pastOrderId it repeats that past order (201 RepeatOrderValue), else it
 * creates an empty order on a snapshot (201 Order). A body carrying pastOrderId is a repeat order.
 */
export const CreateOrRepeatOrderBodySchema = z.union([RepeatOrderBodySchema, CreateOrderBodySchema]);
export const CreateOrRepeatOrderResponseSchema = z.union([RepeatOrderResponseSchema, OrderResponseSchema]);

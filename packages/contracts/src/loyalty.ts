/**
 * The loyalty program (checkout-account spec sections 2, 3, 4, 5, 6, 7): the points balance
 * (redeemableAmountBalance, netPointsBalance), the rewards catalogue (Amount and Voucher), the points history of
 * My account, custom points and their conversion at the brand's rate, and the single-sign-on token exchange of
 * the search page (`security_token`). Money on the wire is dollars with 2 decimals; cents inside.
 */
import { z } from 'zod';
import { envelope } from './api';
import { IdParamSchema, IdSchema, INT4_MAX, textSchema } from './bounds';
import { OrderResponseSchema } from './orders';

/** Spec section 5: the 'No Rewards' choice and the custom points choice of the Rewards part. */
export const NO_REWARD_ID = -1;
export const CUSTOM_POINTS_ID = 'customPoints';

export const LOYALTY_MESSAGES = {
  customPointsInvalid: 'Only positive non-decimal numbers are allowed',
  rewardFailed: 'There was a problem while trying to apply or remove your reward',
  logInForRewards: 'Log in to earn and use your rewards!',
  notEnoughPoints: 'Not enough points for this reward',
  loginFailed: 'Login attempt failed',
  loginSucceeded: "You've signed in successfully",
} as const;

/** Error codes of ours for the loyalty routes (the spec names none). */
export const LOYALTY_ERROR = {
  NotAMember: 23001,
  NotEnoughPoints: 23002,
  UnknownReward: 23003,
  /** The order already carries a reward (switch it with PUT) or carries none (nothing to switch or remove). */
  RewardConflict: 23004,
  NoRewardOnOrder: 23005,
  SsoTokenInvalid: 23010,
  /** The storefront's login configuration is not Loyalty (2): there is no loyalty sign-in to start. */
  LoyaltyLoginOff: 23011,
  /** An authorization code that does not sign anyone in (wrong, used, expired, another session's state). */
  LoyaltyLoginFailed: 23012,
  /** The loyalty provider's issuer did not answer (discovery or the code exchange). */
  LoyaltyProviderUnavailable: 23013,
} as const;

/** The most points one request may name (a bound on custom points; far above any balance). */
export const LOYALTY_POINTS_MAX = 10_000_000;

/**
 * Spec section 5, custom points: digits only and not '0' (leading zeros of a larger number are fine). Returns
 * the points, or null for anything else (the field then shows LOYALTY_MESSAGES.customPointsInvalid).
 */
export function parseCustomPoints(raw: string): number | null {
  if (!/^\d{1,8}$/.test(raw)) return null;
  const points = Number(raw);
  return points > 0 && points <= LOYALTY_POINTS_MAX ? points : null;
}

/**
 * Cents of discount that `points` make at the brand's rate (points per reward dollar), rounded down: a customer
 * is never given more than the points pay for.
 */
export function pointsToCents(points: number, pointsPerRewardDollar: number): number {
  return Math.floor((points * 100) / pointsPerRewardDollar);
}

/** Points a completed order earns: whole dollars of its amount times the brand's points per dollar. */
export function pointsEarned(amountCents: number, pointsPerDollar: number): number {
  return Math.max(0, Math.floor(amountCents / 100)) * pointsPerDollar;
}

export const LOYALTY_REWARD_TYPES = ['Amount', 'Voucher'] as const;
export const LoyaltyRewardTypeSchema = z.enum(LOYALTY_REWARD_TYPES);
export type LoyaltyRewardType = z.infer<typeof LoyaltyRewardTypeSchema>;

export const LoyaltyBalanceSchema = z.object({
  /** Dollars the available points would take off an order at the brand's rate. */
  redeemableAmountBalance: z.number(),
  /** Points available now (not held by a placed order). */
  netPointsBalance: z.number().int(),
});
export type LoyaltyBalance = z.infer<typeof LoyaltyBalanceSchema>;

export const LoyaltyRewardSchema = z.object({
  rewardId: IdSchema,
  rewardType: LoyaltyRewardTypeSchema,
  name: z.string(),
  description: z.string(),
  pointsCost: z.number().int(),
  /** Dollars off. */
  discountAmount: z.number(),
});
export type LoyaltyReward = z.infer<typeof LoyaltyRewardSchema>;

export const LOYALTY_HISTORY_KINDS = ['earned', 'held', 'spent', 'returned', 'granted'] as const;
export const LoyaltyHistoryEntrySchema = z.object({
  id: IdSchema,
  kind: z.enum(LOYALTY_HISTORY_KINDS),
  /** Signed change of the available points. */
  points: z.number().int(),
  description: z.string(),
  orderId: IdSchema.nullable(),
  createdAt: z.string(),
});
export type LoyaltyHistoryEntry = z.infer<typeof LoyaltyHistoryEntrySchema>;

/** GET loyalty/account: the signed-in member's balance, the brand's rate and the latest history entries. */
export const LoyaltyAccountSchema = z.object({
  programName: z.string(),
  pointsPerDollar: z.number().int(),
  pointsPerRewardDollar: z.number().int(),
  loyaltyBalance: LoyaltyBalanceSchema,
  heldPoints: z.number().int(),
  history: z.array(LoyaltyHistoryEntrySchema),
});
export type LoyaltyAccount = z.infer<typeof LoyaltyAccountSchema>;
export const LoyaltyAccountResponseSchema = envelope(LoyaltyAccountSchema);

export const LoyaltyAccountQuerySchema = z.object({
  /** The brand of the storefront (the current store's); the demo brand when absent. */
  locationId: z.coerce.number().int().min(1).max(INT4_MAX).optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Rewards at checkout (spec section 7: GET/POST/DELETE loyalty/orders/{id}/rewards, a move and an update)
// ---------------------------------------------------------------------------------------------------------

/** A reward choice: a catalogue reward's id or 'customPoints' (then `points` is required). */
export const RewardChoiceIdSchema = z.union([IdSchema, z.literal(CUSTOM_POINTS_ID)]);

/**
 * The reward on an order (spec section 3: id, rewardId, rewardType, discountAmount, requestedAmount, name,
 * pointsCost, description, discountInstanceId). discountAmount is what the discount engine takes off this order
 * (dollars), requestedAmount what the reward is worth; pointsCost the points it holds when the order is placed.
 */
export const OrderRewardSchema = z.object({
  id: IdSchema,
  rewardId: RewardChoiceIdSchema,
  rewardType: LoyaltyRewardTypeSchema,
  discountAmount: z.number(),
  requestedAmount: z.number(),
  name: z.string(),
  pointsCost: z.number().int(),
  description: z.string(),
  discountInstanceId: z.string(),
});
export type OrderReward = z.infer<typeof OrderRewardSchema>;

/**
 * GET loyalty/orders/{id}/rewards: the brand's catalogue, the member's balance, the reward on the order (at
 * most one), the rate custom points convert at, and whether the storefront's login is the loyalty one (which
 * decides the reward picked first: pickReward).
 */
export const OrderRewardsSchema = z.object({
  isLoyaltyLogin: z.boolean(),
  pointsPerRewardDollar: z.number().int(),
  loyaltyBalance: LoyaltyBalanceSchema,
  rewards: z.array(LoyaltyRewardSchema),
  appliedRewards: z.array(OrderRewardSchema),
});
export type OrderRewards = z.infer<typeof OrderRewardsSchema>;
export const OrderRewardsResponseSchema = envelope(OrderRewardsSchema);

/**
 * POST loyalty/orders/{id}/rewards (add) and PUT loyalty/orders/{id}/rewards (move to another reward, or update
 * the custom points): a catalogue reward, or customPoints with the points to redeem.
 */
export const OrderRewardBodySchema = z
  .object({
    rewardId: RewardChoiceIdSchema,
    points: z.number().int().min(1).max(LOYALTY_POINTS_MAX).optional(),
  })
  .refine((body) => body.rewardId !== CUSTOM_POINTS_ID || body.points !== undefined, {
    message: LOYALTY_MESSAGES.customPointsInvalid,
    path: ['points'],
  });
export type OrderRewardBody = z.infer<typeof OrderRewardBodySchema>;

export const OrderRewardsParamsSchema = z.object({ orderId: IdParamSchema });
/** DELETE loyalty/orders/{id}/rewards/{rewardId}: the catalogue id or customPoints of the order's reward. */
export const OrderRewardParamsSchema = z.object({
  orderId: IdParamSchema,
  rewardId: z.union([z.literal(CUSTOM_POINTS_ID), IdParamSchema]),
});

/** The reward changes answer the order with its new discount lines and totals. */
export const OrderRewardChangeResponseSchema = OrderResponseSchema;

/**
 * The reward the Rewards part picks for a member whose order carries none (spec section 6): under the loyalty
 * login the first reward, otherwise the first of type Reward or Amount (our catalogue's Amount); only one the
 * member's points pay for. Null when none fits.
 */
export function pickReward<R extends Pick<LoyaltyReward, 'rewardType' | 'pointsCost'>>(
  rewards: readonly R[],
  isLoyaltyLogin: boolean,
  netPointsBalance: number,
): R | null {
  const candidate = isLoyaltyLogin ? rewards[0] : rewards.find((r) => r.rewardType === 'Amount');
  return candidate && candidate.pointsCost <= netPointsBalance ? candidate : null;
}

/**
 * Points a custom-points reward holds when its order is placed: the entered points, but no more than the
 * discount it actually takes needs at the brand's rate (a $10 order never takes $40 of points).
 */
export function customPointsHeld(
  points: number,
  appliedCents: number,
  pointsPerRewardDollar: number,
): number {
  return Math.min(points, Math.ceil((appliedCents * pointsPerRewardDollar) / 100));
}

// ---------------------------------------------------------------------------------------------------------
// Single sign-on token from the brand's app (search page `security_token`)
// ---------------------------------------------------------------------------------------------------------

/** The longest SSO token accepted (a compact JWS of a few claims is far shorter). */
export const SSO_TOKEN_MAX_LENGTH = 4096;

export const SsoTokenExchangeBodySchema = z.object({
  securityToken: textSchema(SSO_TOKEN_MAX_LENGTH).min(1),
});
export type SsoTokenExchangeBody = z.infer<typeof SsoTokenExchangeBodySchema>;

/** The audience a brand's app puts in an SSO token for this storefront. */
export const SSO_TOKEN_AUDIENCE = 'storefront';
/** The longest life an SSO token may declare (exp - iat), in seconds. */
export const SSO_TOKEN_MAX_LIFETIME_SECONDS = 300;

// ---------------------------------------------------------------------------------------------------------
// Loyalty sign-in through the loyalty provider's OpenID Connect issuer (login configuration Loyalty, 2)
// ---------------------------------------------------------------------------------------------------------

/** The storefront's page the issuer sends the member back to (checkout-account spec section 2). */
export const LOYALTY_SSO_PATH = '/loyalty-sso';
/** How long a started sign-in may take before its code is exchanged (the member types a password meanwhile). */
export const LOYALTY_SIGN_IN_TTL_SECONDS = 600;
/** The longest authorization code, state or issuer accepted (far above what issuers send). */
export const LOYALTY_SIGN_IN_PARAM_MAX = 2048;

/** POST loyalty/sign-ins: start a sign-in that returns to `callbackUrl` (the storefront's /loyalty-sso). */
export const LoyaltySignInBodySchema = z.object({ callbackUrl: textSchema(LOYALTY_SIGN_IN_PARAM_MAX).url() });
export type LoyaltySignInBody = z.infer<typeof LoyaltySignInBodySchema>;

export const LoyaltySignInValueSchema = z.object({
  /** Where the browser goes to sign in at the issuer (authorization code flow with PKCE, S256). */
  authorizationUrl: z.string(),
  /** The `state` the issuer sends back with the code: the storefront keeps it to check the return. */
  state: z.string(),
});
export type LoyaltySignInValue = z.infer<typeof LoyaltySignInValueSchema>;
export const LoyaltySignInResponseSchema = envelope(LoyaltySignInValueSchema);

const signInParam = textSchema(LOYALTY_SIGN_IN_PARAM_MAX).min(1);

/** A solved captcha as the exchanges carry it (recaptchaInput: ALTCHA's payload or a reCAPTCHA token). */
const exchangeCaptcha = textSchema(8000).min(1);

/**
 * POST loyalty/oidc-sessions: the `code`, `state` (and `iss`, when the issuer sends it) of the return, and, as the
 * spec's access-token exchange lists them, `orderId` (the order being built, which the member's session carries
 * on: an order of another session, or one already placed, refuses the exchange) and `recaptchaInput` (a solved
 * captcha: checked when sent, 9902 when it does not pass).
 */
export const LoyaltyCodeExchangeBodySchema = z.object({
  code: signInParam,
  state: signInParam,
  iss: signInParam.optional(),
  orderId: IdSchema.optional(),
  recaptchaInput: exchangeCaptcha.optional(),
});
export type LoyaltyCodeExchangeBody = z.infer<typeof LoyaltyCodeExchangeBodySchema>;

/**
 * The storefront's own POST /api/access-token (spec section 7, the authorization-code variant): the query of
 * the /loyalty-sso return as the page read it. `error` is the issuer's refusal (the member cancelled).
 */
export const AccessTokenCodeBodySchema = z.object({
  code: signInParam.optional(),
  state: signInParam.optional(),
  iss: signInParam.optional(),
  error: textSchema(200).optional(),
  /** The order being built; when sent it must be this browser's (its order cookie's), else the sign-in fails. */
  orderId: z.coerce.number().pipe(IdSchema).optional(),
  /** The page's solved invisible captcha, handed on to the API. */
  recaptchaInput: exchangeCaptcha.optional(),
});
export type AccessTokenCodeBody = z.infer<typeof AccessTokenCodeBodySchema>;

/** What /api/access-token answers the /loyalty-sso page: where to go, and how the sign-in went. */
export const AccessTokenCodeValueSchema = z.object({
  loginResult: z.enum(['success', 'failure']),
  returnPath: z.string(),
});
export type AccessTokenCodeValue = z.infer<typeof AccessTokenCodeValueSchema>;

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
import { CUSTOM_POINTS_ID, LOYALTY_MESSAGES, LOYALTY_POINTS_MAX } from './loyalty-rules';

// The Rewards part's rules and messages are zod-free (loyalty-rules.ts), for the checkout and payment pages' browser
// code.
export * from './loyalty-rules';

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

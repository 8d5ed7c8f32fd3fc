/**
 * The loyalty program's rules and messages without zod (the Rewards part of checkout and payment, custom points,
 * conversions at the brand's rate): the storefront's browser code imports them from here; `loyalty.ts` re-exports
 * them beside its schemas.
 */

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

/**
 * The reward the Rewards part picks for a member whose order carries none (spec section 6): under the loyalty
 * login the first reward, otherwise the first of type Reward or Amount (our catalogue's Amount); only one the
 * member's points pay for. Null when none fits.
 */
export function pickReward<R extends { rewardType: string; pointsCost: number }>(
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

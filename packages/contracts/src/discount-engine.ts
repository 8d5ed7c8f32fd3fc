/**
 * The discount engine: coupons, automatic discounts, loyalty rewards applied as discount lines, and the store's
 * service charges. Pure and free of zod, shared by the API (authoritative: it stores what this computes on the
 * order) and the storefront, like pricing.ts. Everything is integer cents.
 *
 * Order of application (each step takes off only what is left of the item total):
 *   1. automatic discounts (code 21023 'auto-applied'), by ascending id;
 *   2. the order's one coupon;
 *   3. loyalty rewards (Amount and Voucher), in the order they were added.
 * Discounts come off before tax and before service charges: tax is charged on
 * (item total - discounts + service charges + delivery fee), see computeOrderTotals.
 *
 * Rounding (stated once, tested in discount-engine.test.ts):
 *   - a percentage is taken of the eligible amount and rounded half up at the cent
 *     (10% of $12.35 = 123.5 cents -> $1.24; 15% of $0.10 = 1.5 cents -> $0.02);
 *   - then capped by the rule's maximum discount, by the eligible amount and by what is left of the item total;
 *   - a percentage service charge is taken of (item total - discounts), rounded half up at the cent.
 *
 * Codes (spec: ordering section 8, checkout section 8), as this engine and the API use them:
 *   - 21021 invalid discount: no such code, or the coupon cannot be used on this order (not yet valid or expired in
 *     the store's time zone, another channel, fulfilment method or store, its uses are all taken). 'Invalid code'.
 *   - 21022 unused discount: a valid coupon that takes nothing off this order (its minimum item total is not met,
 *     or no item matches). The page shows 'This coupon is valid, but it doesn’t apply any discounts to your
 *     selected items'; the coupon stays on the order and applies as soon as the order qualifies.
 *   - 21023 auto-applied discount: an automatic discount the order qualifies for, applied without a code.
 *   - 21031 invalid service charge: kept by the API for the menu-snapshot mismatch (the spec's other reading,
 *     retried once with forceUpdate): service charges are the store's, never entered by a guest, so none can be
 *     invalid in the first reading.
 *   - 21032 unused service charge: one of the store's service charges that this order does not reach (e.g. a
 *     large-party charge on a small order); not shown as a line.
 *   - 21033 auto-applied service charge: a service charge applied to the order.
 */
import { ORDER_ERROR } from './errors';
import { computeOrderTotals, type OrderTotalsCents } from './pricing';
import { dayNumberOf, type LocalDate } from './store-hours';

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
/** percent: `value` in basis points (1000 = 10%); amount: `value` in cents. */
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Basis points of 100%. */
export const FULL_PERCENT_BASIS_POINTS = 10_000;

/** Where a discount line comes from. Rewards are applied by the loyalty module through this engine. */
export const DISCOUNT_SOURCES = ['automatic', 'coupon', 'reward'] as const;
export type DiscountSource = (typeof DISCOUNT_SOURCES)[number];

/** Loyalty reward types as discount lines (spec checkout section 3: rewardType Amount or Voucher). */
export const REWARD_TYPES = ['Amount', 'Voucher'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

/** A line of the order as the engine sees it: a top-level item key and its line total (modifiers included). */
export interface DiscountableLine {
  id: number;
  itemPathKey: string;
  quantity: number;
  totalCents: number;
}

/** What an order is, for the rules' conditions. `localDate` is the order's date in the store's time zone. */
export interface DiscountContext {
  locationId: number;
  /** Whether the order is on the store's catering menu (either channel may order from it). */
  catering: boolean;
  channel: number;
  fulfillmentMethod: number;
  localDate: LocalDate;
}

/**
 * A coupon (code set) or an automatic discount (code null). Empty `itemPathKeys` and `categoryKeys` = the whole
 * order; otherwise only lines whose item key is listed or lies in a listed category ('menu-category' key).
 * null lists = no restriction; null dates = open-ended (inclusive, in the store's time zone).
 */
export interface DiscountRule {
  id: number;
  code: string | null;
  name: string;
  kind: DiscountKind;
  value: number;
  itemPathKeys: readonly string[];
  categoryKeys: readonly string[];
  minSubtotalCents: number;
  maxDiscountCents: number | null;
  validFrom: LocalDate | null;
  validUntil: LocalDate | null;
  channels: readonly number[] | null;
  fulfillmentMethods: readonly number[] | null;
  locationIds: readonly number[] | null;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
}

/** Uses already counted (placed orders); `usedByCustomer` null when the customer is not known yet. */
export interface DiscountUsage {
  used: number;
  usedByCustomer: number | null;
}

/**
 * A loyalty reward to apply as a discount line. Amount: `requestedCents` off the item total. Voucher:
 * `requestedCents` off the matching items (`itemPathKeys`; empty = any item), capped by their total.
 */
export interface RewardDiscountInput {
  instanceId: string;
  rewardId: string;
  name: string;
  rewardType: RewardType;
  requestedCents: number;
  itemPathKeys?: readonly string[];
}

/**
 * One discount on the order: the shared discount-line type (coupons, automatic discounts, loyalty rewards).
 * `requestedCents` is what the discount would take alone; `amountCents` what it takes after the ones before it.
 * `notice`: 21021 (coupon no longer valid), 21022 (valid, nothing off), 21023 (auto-applied), or null.
 */
export interface DiscountLine {
  instanceId: string;
  source: DiscountSource;
  /** The discount's own code: the coupon code, the automatic discount's id ('auto-<id>'), the reward id. */
  code: string;
  /** The code the guest typed (coupons only). */
  couponCode: string | null;
  name: string;
  type: 'Percent' | 'Amount' | 'Voucher';
  requestedCents: number;
  amountCents: number;
  isApplied: boolean;
  notice: number | null;
}

export type CouponRefusal =
  | 'not-yet-valid'
  | 'expired'
  | 'channel'
  | 'fulfillment-method'
  | 'location'
  | 'used-up'
  | 'used-up-by-customer';

/**
 * Whether a coupon may be used on this order (21021 when not): dates in the store's time zone, channel,
 * fulfilment method, store, and the uses left when `usage` is given. Returns null when it may, else why not.
 */
export function couponRefusal(
  rule: DiscountRule,
  ctx: DiscountContext,
  usage?: DiscountUsage,
): CouponRefusal | null {
  const today = dayNumberOf(ctx.localDate);
  if (rule.validFrom !== null && !(today >= dayNumberOf(rule.validFrom))) return 'not-yet-valid';
  if (rule.validUntil !== null && !(today <= dayNumberOf(rule.validUntil))) return 'expired';
  if (rule.channels !== null && !rule.channels.includes(ctx.channel)) return 'channel';
  if (rule.fulfillmentMethods !== null && !rule.fulfillmentMethods.includes(ctx.fulfillmentMethod))
    return 'fulfillment-method';
  if (rule.locationIds !== null && !rule.locationIds.includes(ctx.locationId)) return 'location';
  if (usage) {
    if (rule.usageLimit !== null && usage.used >= rule.usageLimit) return 'used-up';
    if (
      rule.usageLimitPerCustomer !== null &&
      usage.usedByCustomer !== null &&
      usage.usedByCustomer >= rule.usageLimitPerCustomer
    )
      return 'used-up-by-customer';
  }
  return null;
}

/** Whether an order line is one a rule's item or category list names (any line when both lists are empty). */
export function lineMatches(
  line: Pick<DiscountableLine, 'itemPathKey'>,
  itemPathKeys: readonly string[],
  categoryKeys: readonly string[],
): boolean {
  if (itemPathKeys.length === 0 && categoryKeys.length === 0) return true;
  if (itemPathKeys.includes(line.itemPathKey)) return true;
  return categoryKeys.some((key) => line.itemPathKey.startsWith(`${key}-`));
}

/** The sum of the lines a rule applies to. */
export function eligibleCents(
  lines: readonly DiscountableLine[],
  itemPathKeys: readonly string[],
  categoryKeys: readonly string[],
): number {
  return lines.reduce(
    (sum, line) => (lineMatches(line, itemPathKeys, categoryKeys) ? sum + line.totalCents : sum),
    0,
  );
}

/** `basisPoints` of `cents`, rounded half up at the cent (cents and basis points are never negative here). */
export function percentOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + FULL_PERCENT_BASIS_POINTS / 2) / FULL_PERCENT_BASIS_POINTS);
}

/**
 * What a rule takes off these lines on its own: 0 when the item total is under its minimum or nothing matches;
 * else the percentage (rounded half up) or the amount, capped by the maximum discount and the eligible amount.
 */
export function ruleDiscountCents(rule: DiscountRule, lines: readonly DiscountableLine[]): number {
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (subtotal < rule.minSubtotalCents) return 0;
  const eligible = eligibleCents(lines, rule.itemPathKeys, rule.categoryKeys);
  if (eligible <= 0) return 0;
  const raw = rule.kind === 'percent' ? percentOf(eligible, rule.value) : rule.value;
  const capped = rule.maxDiscountCents === null ? raw : Math.min(raw, rule.maxDiscountCents);
  return Math.max(0, Math.min(capped, eligible));
}

export interface AppliedCoupon {
  instanceId: string;
  /** The code as the guest typed it (shown back as couponCode). */
  couponCode: string;
  rule: DiscountRule;
  usage?: DiscountUsage;
}

export interface DiscountInput {
  lines: readonly DiscountableLine[];
  context: DiscountContext;
  /** The store's automatic discounts (code null); the ones whose conditions fail are left out. */
  automatic: readonly DiscountRule[];
  coupon: AppliedCoupon | null;
  rewards: readonly RewardDiscountInput[];
}

export interface DiscountResult {
  lines: DiscountLine[];
  /** The sum of the lines' amounts; never more than the item total. */
  totalCents: number;
}

function typeOfRule(rule: DiscountRule): DiscountLine['type'] {
  return rule.kind === 'percent' ? 'Percent' : 'Amount';
}

/**
 * The discount lines of an order and their total (never more than the item total, never negative). Never
 * throws: a coupon that may not be used is listed unapplied with 21021, one that takes nothing with 21022.
 */
export function computeDiscounts(input: DiscountInput): DiscountResult {
  const subtotal = input.lines.reduce((sum, line) => sum + line.totalCents, 0);
  let left = Math.max(0, subtotal);
  const lines: DiscountLine[] = [];
  const take = (requested: number) => {
    const amount = Math.max(0, Math.min(requested, left));
    left -= amount;
    return amount;
  };

  const automatic = [...input.automatic].sort((a, b) => a.id - b.id);
  for (const rule of automatic) {
    if (couponRefusal(rule, input.context) !== null) continue;
    const requested = ruleDiscountCents(rule, input.lines);
    if (requested <= 0) continue;
    const amount = take(requested);
    lines.push({
      instanceId: `auto-${rule.id}`,
      source: 'automatic',
      code: `auto-${rule.id}`,
      couponCode: null,
      name: rule.name,
      type: typeOfRule(rule),
      requestedCents: requested,
      amountCents: amount,
      isApplied: amount > 0,
      notice: ORDER_ERROR.AutoAppliedDiscount,
    });
  }

  if (input.coupon) {
    const { rule, instanceId, couponCode, usage } = input.coupon;
    const refused = couponRefusal(rule, input.context, usage) !== null;
    const requested = refused ? 0 : ruleDiscountCents(rule, input.lines);
    const amount = take(requested);
    lines.push({
      instanceId,
      source: 'coupon',
      code: rule.code ?? couponCode,
      couponCode,
      name: rule.name,
      type: typeOfRule(rule),
      requestedCents: requested,
      amountCents: amount,
      isApplied: amount > 0,
      notice: refused ? ORDER_ERROR.InvalidDiscount : amount > 0 ? null : ORDER_ERROR.UnusedDiscount,
    });
  }

  for (const reward of input.rewards) {
    const cap =
      reward.rewardType === 'Voucher' ? eligibleCents(input.lines, reward.itemPathKeys ?? [], []) : subtotal;
    const requested = Math.max(0, Math.min(reward.requestedCents, cap));
    const amount = take(requested);
    lines.push({
      instanceId: reward.instanceId,
      source: 'reward',
      code: reward.rewardId,
      couponCode: null,
      name: reward.name,
      type: reward.rewardType,
      requestedCents: Math.max(0, reward.requestedCents),
      amountCents: amount,
      isApplied: amount > 0,
      notice: amount > 0 ? null : ORDER_ERROR.UnusedDiscount,
    });
  }

  return { lines, totalCents: Math.max(0, subtotal) - left };
}

// ---------------------------------------------------------------------------------------------------------
// Service charges

/**
 * A store's service charge: a percentage (basis points) of the discounted item total or a fixed amount (cents),
 * on catering orders only when `cateringOnly`, on the listed channels and fulfilment methods (null = any), from a
 * minimum item count (a large-party charge) and a minimum item total.
 */
export interface ServiceChargeRule {
  id: number;
  name: string;
  kind: DiscountKind;
  value: number;
  cateringOnly: boolean;
  channels: readonly number[] | null;
  fulfillmentMethods: readonly number[] | null;
  minItemQuantity: number;
  minSubtotalCents: number;
}

export interface ServiceChargeLine {
  id: number;
  name: string;
  amountCents: number;
  /** 21033: applied automatically. */
  notice: number;
}

export interface ServiceChargeResult {
  lines: ServiceChargeLine[];
  totalCents: number;
  /** The rules of the store the order does not reach (21032 unused service charge). */
  unusedIds: number[];
}

/**
 * The service charges an order carries: each rule whose channel, method, minimum item count and minimum item
 * total the order meets, on (item total - discounts). Never throws; an empty order carries none.
 */
export function computeServiceCharges(
  rules: readonly ServiceChargeRule[],
  input: {
    lines: readonly DiscountableLine[];
    context: Pick<DiscountContext, 'catering' | 'channel' | 'fulfillmentMethod'>;
    discountCents: number;
  },
): ServiceChargeResult {
  const subtotal = input.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const quantity = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const base = Math.max(0, subtotal - input.discountCents);
  const lines: ServiceChargeLine[] = [];
  const unusedIds: number[] = [];
  for (const rule of [...rules].sort((a, b) => a.id - b.id)) {
    const offered =
      (!rule.cateringOnly || input.context.catering) &&
      (rule.channels === null || rule.channels.includes(input.context.channel)) &&
      (rule.fulfillmentMethods === null || rule.fulfillmentMethods.includes(input.context.fulfillmentMethod));
    if (!offered) continue;
    const reached = quantity > 0 && quantity >= rule.minItemQuantity && subtotal >= rule.minSubtotalCents;
    const amount = reached ? (rule.kind === 'percent' ? percentOf(base, rule.value) : rule.value) : 0;
    if (amount <= 0) {
      unusedIds.push(rule.id);
      continue;
    }
    lines.push({
      id: rule.id,
      name: rule.name,
      amountCents: amount,
      notice: ORDER_ERROR.AutoAppliedServiceCharge,
    });
  }
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0), unusedIds };
}

/** Coupon codes are matched case-insensitively, spaces trimmed: the key they are stored and looked up by. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface OrderPricingInput extends DiscountInput {
  serviceCharges: readonly ServiceChargeRule[];
  taxRateBasisPoints: number;
  tipCents?: number;
  paidCents?: number;
  deliveryFeeCents?: number;
  driverTipCents?: number;
}

export interface OrderPricing {
  discounts: DiscountResult;
  serviceCharges: ServiceChargeResult;
  totals: OrderTotalsCents;
}

/**
 * An order's discounts, service charges and totals in one pass: the function the API stores on the order and
 * the storefront's property test checks the API's answers against. Never throws.
 */
export function priceOrder(input: OrderPricingInput): OrderPricing {
  const discounts = computeDiscounts(input);
  const serviceCharges = computeServiceCharges(input.serviceCharges, {
    lines: input.lines,
    context: input.context,
    discountCents: discounts.totalCents,
  });
  const totals = computeOrderTotals({
    lineTotalsCents: input.lines.map((line) => line.totalCents),
    discountCents: discounts.totalCents,
    serviceChargeCents: serviceCharges.totalCents,
    taxRateBasisPoints: input.taxRateBasisPoints,
    tipCents: input.tipCents,
    paidCents: input.paidCents,
    deliveryFeeCents: input.deliveryFeeCents,
    driverTipCents: input.driverTipCents,
  });
  return { discounts, serviceCharges, totals };
}

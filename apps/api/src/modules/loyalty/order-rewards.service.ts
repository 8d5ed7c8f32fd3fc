/**
 * Rewards at checkout (checkout spec sections 3-8): the signed-in member puts one reward on the order being
 * built (a catalogue reward or custom points), switches it (a move, or an update of the custom points) or takes
 * it off. The reward is a discount line the contracts' discount engine prices with the coupon (before tax); its
 * points are held when the order is placed (holdOrderRewardPoints), spent when it completes and given back if it
 * is cancelled (loyalty.service). Nothing is reserved while the order is being built: the hold at placement is
 * the guarded update that keeps two orders racing for the same points from overdrawing them.
 */
import { randomUUID } from 'node:crypto';
import { LOGIN_CONFIGURATION, LOYALTY_PROVIDER } from '@storefront/contracts/enum-values';
import {
  CUSTOM_POINTS_ID,
  LOYALTY_ERROR,
  LOYALTY_MESSAGES,
  customPointsHeld,
  pointsToCents,
  type OrderReward,
  type OrderRewardBody,
  type OrderRewards,
} from '@storefront/contracts/loyalty';
import { centsToDollars } from '@storefront/contracts/money';
import type { Order } from '@storefront/contracts/orders';
import type { Db } from '../../db/client';
import type { orders } from '../../db/schema/orders';
import type { Env } from '../../env';
import { DomainError, notFound, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import {
  loyaltyProviderFor,
  type LoyaltyMember,
  type LoyaltyProgram,
  type LoyaltyProviderAdapter,
} from '../../providers/loyalty';
import { requireCustomer } from '../accounts/sessions.service';
import { changeOrder, requireOwnedOrder } from '../orders/orders.service';
import { reamountUnchargedPayments } from '../payments/payments.service';
import { choiceIdOf } from './order-reward-inputs';
import {
  deleteOrderReward,
  findLocationBrand,
  findOrderReward,
  insertOrderReward,
  updateOrderReward,
  type OrderRewardRow,
} from './loyalty.repository';

type OrderRow = typeof orders.$inferSelect;

const notAMember = () =>
  new DomainError(404, {
    key: 'LoyaltyProgramNotFound',
    code: LOYALTY_ERROR.NotAMember,
    message: 'This brand has no loyalty program',
  });
const notEnoughPoints = () =>
  ruleBroken('NotEnoughPoints', LOYALTY_ERROR.NotEnoughPoints, LOYALTY_MESSAGES.notEnoughPoints);
const noReward = () =>
  notFound('RewardNotFound', 'The order carries no such reward', LOYALTY_ERROR.NoRewardOnOrder);

/** The provider and program of the order's brand; 404 23001 when the brand has none. */
async function programOf(
  db: Db,
  order: Pick<OrderRow, 'locationId'>,
): Promise<{ loyalty: LoyaltyProviderAdapter; program: LoyaltyProgram }> {
  const brandId = await findLocationBrand(db, order.locationId);
  if (brandId === null) throw notAMember();
  // Only our own provider (5) has an adapter so far; a brand on another provider has no program here.
  const loyalty = loyaltyProviderFor(LOYALTY_PROVIDER.OpenProviderLoyalty);
  const program = loyalty ? await loyalty.getProgram(db, brandId) : null;
  if (!loyalty || !program) throw notAMember();
  return { loyalty, program };
}

/** The reward id the API shows for a stored reward: the catalogue id, or customPoints. */

function toOrderReward(row: OrderRewardRow, order: Pick<OrderRow, 'discountLines'>): OrderReward {
  const line = order.discountLines.find((l) => l.instanceId === row.instanceId);
  return {
    id: row.id,
    rewardId: choiceIdOf(row),
    rewardType: row.rewardType === 'Voucher' ? 'Voucher' : 'Amount',
    discountAmount: centsToDollars(line?.amountCents ?? 0),
    requestedAmount: centsToDollars(row.requestedCents),
    name: row.name,
    pointsCost: row.points,
    description: row.description,
    discountInstanceId: row.instanceId,
  };
}

/**
 * GET loyalty/orders/{id}/rewards: the brand's catalogue, the member's balance, the order's reward and whether
 * the storefront's login is the loyalty one. 401 for a guest token (the page prompts 'Log in to earn and use
 * your rewards!' instead), 404 for another session's order or a brand without a program (23001).
 */
export async function getOrderRewards(
  db: Db,
  env: Pick<Env, 'LOGIN_CONFIGURATION'>,
  session: Session,
  orderId: number,
): Promise<OrderRewards> {
  const { userId } = requireCustomer(session);
  const order = await requireOwnedOrder(db, orderId, session.sid);
  const { loyalty, program } = await programOf(db, order);
  const member = { brandId: program.brandId, customerId: userId };
  const [catalogue, points, row] = await Promise.all([
    loyalty.listRewards(db, program.brandId),
    loyalty.getPoints(db, member),
    findOrderReward(db, order.id),
  ]);
  return {
    isLoyaltyLogin: env.LOGIN_CONFIGURATION === LOGIN_CONFIGURATION.Loyalty,
    pointsPerRewardDollar: program.pointsPerRewardDollar,
    loyaltyBalance: {
      netPointsBalance: points.pointsBalance,
      redeemableAmountBalance: centsToDollars(
        pointsToCents(points.pointsBalance, program.pointsPerRewardDollar),
      ),
    },
    rewards: catalogue.map((r) => ({
      rewardId: r.id,
      rewardType: r.rewardType,
      name: r.name,
      description: r.description,
      pointsCost: r.pointsCost,
      discountAmount: centsToDollars(r.discountCents),
    })),
    appliedRewards: row ? [toOrderReward(row, order)] : [],
  };
}

/**
 * What a choice puts on the order, checked against the catalogue and the member's available points: 422 23003
 * for a reward not in the brand's catalogue, 422 23002 'Not enough points for this reward' when the points are
 * not there, 422 23003 for custom points worth less than a cent at the brand's rate.
 */
async function resolveChoice(tx: Db, order: OrderRow, userId: number, body: OrderRewardBody) {
  const { loyalty, program } = await programOf(tx, order);
  const member: LoyaltyMember = { brandId: program.brandId, customerId: userId };
  const { pointsBalance } = await loyalty.getPoints(tx, member);
  if (body.rewardId === CUSTOM_POINTS_ID) {
    const points = body.points ?? 0;
    const cents = pointsToCents(points, program.pointsPerRewardDollar);
    if (points <= 0 || cents <= 0)
      throw ruleBroken(
        'InvalidCustomPoints',
        LOYALTY_ERROR.UnknownReward,
        LOYALTY_MESSAGES.customPointsInvalid,
      );
    if (points > pointsBalance) throw notEnoughPoints();
    return {
      rewardId: null,
      name: `${points} points`,
      description: `Custom points at ${program.pointsPerRewardDollar} points per dollar`,
      rewardType: 'Amount' as const,
      points,
      requestedCents: cents,
    };
  }
  const reward = (await loyalty.listRewards(tx, program.brandId)).find((r) => r.id === body.rewardId);
  if (!reward) throw ruleBroken('UnknownReward', LOYALTY_ERROR.UnknownReward, 'This reward does not exist');
  if (reward.pointsCost > pointsBalance) throw notEnoughPoints();
  return {
    rewardId: reward.id,
    name: reward.name,
    description: reward.description,
    rewardType: reward.rewardType,
    points: reward.pointsCost,
    requestedCents: reward.discountCents,
  };
}

/**
 * POST loyalty/orders/{id}/rewards: puts the chosen reward on the order (the member's points must cover it now;
 * they are held at placement). 409 23004 when the order already carries one (switch it with PUT).
 */
export async function addOrderReward(
  db: Db,
  session: Session,
  orderId: number,
  body: OrderRewardBody,
): Promise<Order> {
  const { userId } = requireCustomer(session);
  return changeOrder(
    db,
    session,
    orderId,
    async (tx, order) => {
      const choice = await resolveChoice(tx, order, userId, body);
      if (!(await insertOrderReward(tx, { ...choice, orderId: order.id, instanceId: randomUUID() })))
        throw new DomainError(409, {
          key: 'RewardConflict',
          code: LOYALTY_ERROR.RewardConflict,
          message: 'The order already carries a reward',
        });
    },
    reamountUnchargedPayments,
  );
}

/**
 * PUT loyalty/orders/{id}/rewards: moves the order's reward to another choice, or updates its custom points
 * (a new discount instance). 404 23005 when the order carries none; otherwise fails as addOrderReward.
 */
export async function switchOrderReward(
  db: Db,
  session: Session,
  orderId: number,
  body: OrderRewardBody,
): Promise<Order> {
  const { userId } = requireCustomer(session);
  return changeOrder(
    db,
    session,
    orderId,
    async (tx, order) => {
      const choice = await resolveChoice(tx, order, userId, body);
      if (!(await updateOrderReward(tx, order.id, { ...choice, instanceId: randomUUID() }))) throw noReward();
    },
    reamountUnchargedPayments,
  );
}

/**
 * DELETE loyalty/orders/{id}/rewards/{rewardId} (the catalogue id or customPoints of the order's reward), or
 * without a reward id every reward of the order (idempotent). 404 23005 when the order carries no such reward.
 */
export async function removeOrderReward(
  db: Db,
  session: Session,
  orderId: number,
  rewardId?: number | typeof CUSTOM_POINTS_ID,
): Promise<Order> {
  requireCustomer(session);
  return changeOrder(
    db,
    session,
    orderId,
    async (tx, order) => {
      if (rewardId === undefined) {
        await deleteOrderReward(tx, order.id);
        return;
      }
      const row = await findOrderReward(tx, order.id);
      if (!row || choiceIdOf(row) !== rewardId) throw noReward();
      await deleteOrderReward(tx, order.id);
    },
    reamountUnchargedPayments,
  );
}

/**
 * Inside the placing transaction: holds the points of the order's reward if it takes something off (a guarded
 * update: of two orders racing for the same points one wins, the other fails with 422 23002 'Not enough points
 * for this reward' and its transaction rolls back). Custom points hold only what the discount taken needs.
 * Nothing for an order without a reward; a reward on a guest's order (signed out since) fails 422 23001.
 * Answers the points held (0: none), which the order's receipt tells.
 */
export async function holdOrderRewardPoints(tx: Db, order: OrderRow, userId: number | null): Promise<number> {
  const need = await rewardPointsNeeded(tx, order, userId);
  if (!need) return 0;
  if (!(await need.loyalty.hold(tx, need.member, order.id, need.points))) throw notEnoughPoints();
  return need.points;
}

/**
 * Before anything is charged (placement's first step): refuses (23002) an order whose reward needs more points
 * than the member has available now, so that a guest short of points is not charged and then refused. A read
 * only: the hold at placement stays the guard against two orders racing for the same points.
 */
export async function checkOrderRewardPoints(tx: Db, order: OrderRow, userId: number | null): Promise<void> {
  const need = await rewardPointsNeeded(tx, order, userId);
  if (!need) return;
  const { pointsBalance } = await need.loyalty.getPoints(tx, need.member);
  if (pointsBalance < need.points) throw notEnoughPoints();
}

/** The points the order's applied reward holds, and whose; null when it has none. */
async function rewardPointsNeeded(tx: Db, order: OrderRow, userId: number | null) {
  const row = await findOrderReward(tx, order.id);
  if (!row) return null;
  const line = order.discountLines.find((l) => l.instanceId === row.instanceId);
  if (!line?.isApplied) return null;
  if (userId === null)
    throw ruleBroken('LoyaltyLoginRequired', LOYALTY_ERROR.NotAMember, LOYALTY_MESSAGES.logInForRewards);
  const { loyalty, program } = await programOf(tx, order);
  const points =
    row.rewardId === null
      ? customPointsHeld(row.points, line.amountCents, program.pointsPerRewardDollar)
      : row.points;
  return { loyalty, member: { brandId: program.brandId, customerId: userId }, points };
}

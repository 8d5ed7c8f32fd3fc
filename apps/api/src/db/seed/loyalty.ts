/**
 * The demo loyalty program (built-in provider 5) of Capital Kitchen: 10 points per dollar, 100 points make a
 * dollar of custom-points discount, a rewards catalogue with both types, and a demo member with a balance.
 */
import type { Db } from '../client';
import { customers } from '../schema/accounts';
import { loyaltyPrograms, loyaltyRewards } from '../schema/loyalty';
import { hashPassword } from '../../modules/accounts/passwords';
import { openLoyaltyProvider } from '../../providers/loyalty/open-provider';
import { DEMO_BRANDS } from './locations';

export const DEMO_LOYALTY = {
  brandId: DEMO_BRANDS.capitalKitchen,
  pointsPerDollar: 10,
  pointsPerRewardDollar: 100,
  member: {
    email: 'member@storefront.test',
    password: 'Member1234!',
    firstName: 'Lee',
    lastName: 'Loyal',
    phoneNumber: '2025550188',
  },
  memberPoints: 1250,
} as const;

export const DEMO_REWARDS = [
  { name: '$5 Off Your Order', rewardType: 'Amount', pointsCost: 500, discountCents: 500 },
  { name: 'Free Fountain Drink', rewardType: 'Voucher', pointsCost: 300, discountCents: 249 },
  { name: '$10 Off Your Order', rewardType: 'Amount', pointsCost: 1000, discountCents: 1000 },
] as const;

/** The program, its rewards and the demo member with a points balance (inside the seed's transaction). */
export async function seedLoyalty(db: Db) {
  await db.insert(loyaltyPrograms).values({
    brandId: DEMO_LOYALTY.brandId,
    pointsPerDollar: DEMO_LOYALTY.pointsPerDollar,
    pointsPerRewardDollar: DEMO_LOYALTY.pointsPerRewardDollar,
  });
  await db.insert(loyaltyRewards).values(
    DEMO_REWARDS.map((r, position) => ({
      ...r,
      brandId: DEMO_LOYALTY.brandId,
      description: `${r.pointsCost} points`,
      position,
    })),
  );
  const { member } = DEMO_LOYALTY;
  const [row] = await db
    .insert(customers)
    .values({
      email: member.email,
      passwordHash: await hashPassword(member.password),
      firstName: member.firstName,
      lastName: member.lastName,
      phoneNumber: member.phoneNumber,
      activatedAt: new Date(),
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('demo loyalty member insert returned nothing');
  await openLoyaltyProvider.grant(
    db,
    { brandId: DEMO_LOYALTY.brandId, customerId: row.id },
    DEMO_LOYALTY.memberPoints,
    'Welcome bonus',
  );
}

import { formatCents, dollarsToCents } from '@storefront/contracts/money';
import type { LoyaltyAccount, LoyaltyHistoryEntry } from '@storefront/contracts/loyalty';
import { DATE_FORMAT, formatInZone } from '@/lib/dates';

const KIND_LABEL: Record<LoyaltyHistoryEntry['kind'], string> = {
  earned: 'Earned',
  held: 'Held for an order',
  spent: 'Spent',
  returned: 'Returned',
  granted: 'Added',
};

const points = (n: number) => `${n.toLocaleString('en-US')} ${Math.abs(n) === 1 ? 'point' : 'points'}`;
const signed = (n: number) => (n > 0 ? `+${points(n)}` : n < 0 ? `−${points(-n)}` : points(0));

/**
 * My account's Rewards: the points balance (netPointsBalance and what it is worth, redeemableAmountBalance),
 * points held by orders not yet completed, how points are earned, and the history of points earned and spent.
 */
export function LoyaltyPoints({ account }: { account: LoyaltyAccount }) {
  const { loyaltyBalance: balance } = account;
  return (
    <section aria-labelledby="rewards-heading" className="flex flex-col gap-6">
      <h2 id="rewards-heading" className="text-2xl font-bold">
        {account.programName}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="rounded-2xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-gray-700">Points balance</dt>
          <dd className="text-3xl font-bold" data-testid="points-balance">
            {balance.netPointsBalance.toLocaleString('en-US')}
          </dd>
        </div>
        <div className="rounded-2xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-gray-700">Worth</dt>
          <dd className="text-3xl font-bold" data-testid="points-worth">
            {formatCents(dollarsToCents(balance.redeemableAmountBalance))}
          </dd>
        </div>
      </dl>
      <p className="text-gray-700">
        You earn {points(account.pointsPerDollar)} per dollar when an order is completed;{' '}
        {points(account.pointsPerRewardDollar)} take $1.00 off an order.
        {account.heldPoints > 0
          ? ` ${points(account.heldPoints)} are held for orders not completed yet.`
          : ''}
      </p>
      <h3 className="text-xl font-bold">Points history</h3>
      {account.history.length === 0 ? (
        <p className="text-gray-700">No points yet. Complete an order to earn your first points.</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-gray-200 rounded-2xl bg-white shadow-sm"
          aria-label="Points history"
        >
          {account.history.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div>
                <p className="font-semibold">{KIND_LABEL[entry.kind]}</p>
                <p className="text-sm text-gray-700">
                  {entry.description} · {formatInZone(entry.createdAt, 'UTC', DATE_FORMAT.short)}
                </p>
              </div>
              <p className="font-semibold">{signed(entry.points)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

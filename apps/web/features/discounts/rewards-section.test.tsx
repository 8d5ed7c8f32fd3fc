import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderReward, OrderRewards } from '@storefront/contracts/loyalty';
import { RewardsSection } from './components/rewards-section';
import { switchReward } from './rewards.actions';

vi.mock('./rewards.actions', () => ({ switchReward: vi.fn() }));
const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

const switchMock = vi.mocked(switchReward);

const CATALOGUE: OrderRewards['rewards'] = [
  {
    rewardId: 7,
    rewardType: 'Voucher',
    name: 'Free Fountain Drink',
    description: '300 points',
    pointsCost: 300,
    discountAmount: 2.49,
  },
  {
    rewardId: 8,
    rewardType: 'Amount',
    name: '$5 Off Your Order',
    description: '500 points',
    pointsCost: 500,
    discountAmount: 5,
  },
  {
    rewardId: 9,
    rewardType: 'Amount',
    name: '$10 Off Your Order',
    description: '1000 points',
    pointsCost: 1000,
    discountAmount: 10,
  },
];

function rewards(extra: Partial<OrderRewards> = {}): OrderRewards {
  return {
    isLoyaltyLogin: false,
    pointsPerRewardDollar: 100,
    loyaltyBalance: { netPointsBalance: 800, redeemableAmountBalance: 8 },
    rewards: CATALOGUE,
    appliedRewards: [],
    ...extra,
  };
}

function applied(extra: Partial<OrderReward> = {}): OrderReward {
  return {
    id: 1,
    rewardId: 8,
    rewardType: 'Amount',
    discountAmount: 5,
    requestedAmount: 5,
    name: '$5 Off Your Order',
    pointsCost: 500,
    description: '500 points',
    discountInstanceId: 'abc',
    ...extra,
  };
}

let orderId = 100;
beforeEach(() => {
  orderId += 1;
  switchMock.mockResolvedValue({ ok: true });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('RewardsSection', () => {
  it("prompts 'Log in to earn and use your rewards!' with the page's sign-in entry for everyone else", () => {
    render(
      <RewardsSection orderId={orderId} rewards={null} login={<button type="button">Sign in</button>} />,
    );
    expect(screen.getByText('Log in to earn and use your rewards!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('picks the first reward of type Reward or Amount for a non-loyalty login, once per order', async () => {
    const { unmount } = render(<RewardsSection orderId={orderId} rewards={rewards()} />);
    await waitFor(() => expect(switchMock).toHaveBeenCalledWith({ current: null, next: { rewardId: 8 } }));
    expect(screen.getByRole('radio', { name: /\$5 Off Your Order/ })).toHaveProperty('checked', true);
    unmount();
    switchMock.mockClear();
    render(<RewardsSection orderId={orderId} rewards={rewards()} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(switchMock).not.toHaveBeenCalled();
  });

  it('picks the first reward under the loyalty login, and none the points do not cover', async () => {
    render(<RewardsSection orderId={orderId} rewards={rewards({ isLoyaltyLogin: true })} />);
    await waitFor(() => expect(switchMock).toHaveBeenCalledWith({ current: null, next: { rewardId: 7 } }));
    cleanup();
    switchMock.mockClear();
    orderId += 1;
    render(
      <RewardsSection
        orderId={orderId}
        rewards={rewards({ loyaltyBalance: { netPointsBalance: 100, redeemableAmountBalance: 1 } })}
      />,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(switchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'No Rewards' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /\$10 Off Your Order/ })).toHaveProperty('disabled', true);
  });

  it('moves the reward, removes it with No Rewards, and shows the spec failure text (the choice goes back)', async () => {
    render(<RewardsSection orderId={orderId} rewards={rewards({ appliedRewards: [applied()] })} />);
    expect(screen.getByText(/\$5 Off Your Order applied:/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Free Fountain Drink/ }));
    await waitFor(() => expect(switchMock).toHaveBeenCalledWith({ current: 8, next: { rewardId: 7 } }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    switchMock.mockResolvedValueOnce({
      ok: false,
      error: 'There was a problem while trying to apply or remove your reward',
    });
    fireEvent.click(screen.getByRole('radio', { name: 'No Rewards' }));
    await waitFor(() => expect(switchMock).toHaveBeenLastCalledWith({ current: 8, next: null }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There was a problem while trying to apply or remove your reward',
    );
    expect(screen.getByRole('radio', { name: /\$5 Off Your Order/ })).toHaveProperty('checked', true);
  });

  it("custom points: digits only and not '0', then Apply; applied points show Edit", async () => {
    const { rerender } = render(
      <RewardsSection orderId={orderId} rewards={rewards({ appliedRewards: [applied()] })} />,
    );
    fireEvent.click(screen.getByRole('radio', { name: /Custom points/ }));
    const input = screen.getByRole('textbox', { name: 'Points to redeem' });
    for (const bad of ['0', '1.5', '-3', 'abc', '']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      expect(screen.getByText('Only positive non-decimal numbers are allowed')).toBeTruthy();
    }
    expect(switchMock).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(switchMock).toHaveBeenCalledWith({
        current: 8,
        next: { rewardId: 'customPoints', points: 250 },
      }),
    );
    rerender(
      <RewardsSection
        orderId={orderId}
        rewards={rewards({
          appliedRewards: [
            applied({ rewardId: 'customPoints', name: '250 points', pointsCost: 250, discountAmount: 2.5 }),
          ],
        })}
      />,
    );
    expect(screen.queryByRole('textbox', { name: 'Points to redeem' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Points to redeem' })).toHaveProperty('value', '250');
  });
});

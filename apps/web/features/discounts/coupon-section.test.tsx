import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDiscount } from '@storefront/contracts/orders';
import { solveInvisibleChallenge } from '@/lib/captcha/invisible-captcha';
import { CouponSection } from './components/coupon-section';
import { keepsDiscounts } from './components/discount-cleanup';
import { addCoupon, removeCoupon } from './discounts.actions';

vi.mock('./discounts.actions', () => ({ addCoupon: vi.fn(), removeCoupon: vi.fn() }));
vi.mock('@/lib/captcha/invisible-captcha', () => ({ solveInvisibleChallenge: vi.fn() }));
const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

const addMock = vi.mocked(addCoupon);
const removeMock = vi.mocked(removeCoupon);
const captchaMock = vi.mocked(solveInvisibleChallenge);

function coupon(extra: Partial<OrderDiscount> = {}): OrderDiscount {
  return {
    code: 'WELCOME10',
    couponCode: 'welcome10',
    instanceId: 'abc',
    amount: 0.95,
    isApplied: true,
    source: 'coupon',
    notice: null,
    ...extra,
  };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function add(code: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Coupon code' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('CouponSection', () => {
  it('solves the captcha first, then sends the code with it; a refusal reads Invalid code', async () => {
    captchaMock.mockResolvedValue('solved');
    addMock.mockResolvedValue({ ok: false, error: 'Invalid code', code: 21021 });
    render(<CouponSection coupon={null} needsCaptcha />);
    add('NOPE');
    expect(await screen.findByText('Invalid code')).toBeTruthy();
    expect(addMock).toHaveBeenCalledWith({ discountCode: 'NOPE', recaptchaInput: 'solved' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('shows an applied coupon with its amount, and the unapplied one with the spec message; Remove takes it off', async () => {
    captchaMock.mockResolvedValue('solved');
    addMock.mockResolvedValue({ ok: true, coupon: coupon({ isApplied: false, amount: 0, notice: 21022 }) });
    render(<CouponSection coupon={null} needsCaptcha />);
    add('SAVE5');
    expect(
      await screen.findByText(
        'This coupon is valid, but it doesn’t apply any discounts to your selected items',
      ),
    ).toBeTruthy();
    expect(refresh).toHaveBeenCalled();
    removeMock.mockResolvedValue({ ok: true, coupon: null });
    fireEvent.click(screen.getByRole('button', { name: /Remove coupon/ }));
    await waitFor(() => expect(removeMock).toHaveBeenCalledWith('abc'));
    expect(await screen.findByRole('textbox', { name: 'Coupon code' }, { timeout: 5000 })).toBeTruthy();
    expect(removeMock).toHaveBeenCalledWith('abc');

    cleanup();
    render(<CouponSection coupon={coupon()} needsCaptcha />);
    expect(screen.getByText(/applied:/).textContent).toContain('-$0.95');
  });

  it('keeps the discounts only for /payment (and checkout itself)', () => {
    expect(keepsDiscounts('/payment')).toBe(true);
    expect(keepsDiscounts('/checkout')).toBe(true);
    expect(keepsDiscounts('/1/menu')).toBe(false);
    expect(keepsDiscounts('/search-locations')).toBe(false);
  });
});

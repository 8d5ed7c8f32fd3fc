import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PromoPopup as PromoPopupConfig } from '@storefront/contracts/marketing';
import { PROMO_SHOWN_KEY } from '../promo-flag';
import { PromoPopup } from './promo-popup';
import { PromoPopupReset } from './promo-popup-reset';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const popup: PromoPopupConfig = {
  name: 'Milkshake Mondays',
  enabled: true,
  desktopImageUrl: '/v1/images/promo-desktop?width=720&height=405',
  mobileImageUrl: '/v1/images/promo-mobile?width=360&height=480',
  imageTargetUrl: 'menu/1-50-502',
  closeButtonLabel: 'No thanks',
};

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/1/menu');
});
afterEach(() => {
  cleanup();
  push.mockReset();
});

describe('PromoPopup', () => {
  it('shows once: closing it remembers the flag, and it stays closed on the next page', async () => {
    render(<PromoPopup popup={popup} />);
    const dialog = await screen.findByRole('dialog', { name: 'Milkshake Mondays' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(
      '/images/promo-mobile?width=360&height=480',
    );
    expect(dialog.querySelector('source')?.getAttribute('srcset')).toBe(
      '/images/promo-desktop?width=720&height=405',
    );
    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(PROMO_SHOWN_KEY)).toBe('1');
    cleanup();
    render(<PromoPopup popup={popup} />);
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows again after the search page reset the flag', async () => {
    window.localStorage.setItem(PROMO_SHOWN_KEY, '1');
    render(<PromoPopupReset />);
    cleanup();
    render(<PromoPopup popup={popup} />);
    expect(await screen.findByRole('dialog', { name: 'Milkshake Mondays' })).toBeTruthy();
  });

  it('navigates in the app for a relative target, resolved against the store page', async () => {
    render(<PromoPopup popup={popup} />);
    const link = await screen.findByRole('link', { name: 'Milkshake Mondays' });
    expect(link.getAttribute('href')).toBe('/1/menu/1-50-502');
    fireEvent.click(link);
    expect(push).toHaveBeenCalledWith('/1/menu/1-50-502');
    expect(window.localStorage.getItem(PROMO_SHOWN_KEY)).toBe('1');
  });

  it('opens http(s) targets in a new tab', async () => {
    render(
      <PromoPopup popup={{ ...popup, imageTargetUrl: 'https://example.com/deal', closeButtonLabel: null }} />,
    );
    const link = await screen.findByRole('link', { name: /Milkshake Mondays/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Close',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(PROMO_SHOWN_KEY)).toBe('1');
  });
});

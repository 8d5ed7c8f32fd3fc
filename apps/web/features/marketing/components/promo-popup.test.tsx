import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PromoPopup as PromoPopupConfig } from '@storefront/contracts/marketing';
import { PROMO_SHOWN_COOKIE } from '@/lib/cookies';
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
const shown = () => document.cookie.split('; ').includes(`${PROMO_SHOWN_COOKIE}=1`);

beforeEach(() => {
  document.cookie = `${PROMO_SHOWN_COOKIE}=; path=/; max-age=0`;
});
afterEach(() => {
  cleanup();
  push.mockReset();
});

describe('PromoPopup', () => {
  it('is drawn open at once (server HTML), then closing it sets the flag the store page reads', async () => {
    render(<PromoPopup popup={popup} pagePath="/1/menu" />);
    // The server's HTML is already a named dialog with the pictures.
    const dialog = screen.getByRole('dialog', { name: 'Milkshake Mondays' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(
      '/images/promo-mobile?width=360&height=480',
    );
    expect(dialog.querySelector('source')?.getAttribute('srcset')).toBe(
      '/images/promo-desktop?width=720&height=405',
    );
    await act(async () => {});
    fireEvent.click(await screen.findByRole('button', { name: 'No thanks' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shown()).toBe(true);
  });

  it('closes from its corner button', () => {
    render(<PromoPopup popup={popup} pagePath="/1/menu" />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shown()).toBe(true);
  });

  it('takes focus, keeps Tab inside and closes on Escape', async () => {
    render(
      <>
        <button type="button">Behind</button>
        <PromoPopup popup={popup} pagePath="/1/menu" />
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Milkshake Mondays' });
    const focused = () => {
      const el = document.activeElement as HTMLElement;
      return el.getAttribute('aria-label') ?? (el.textContent || el.tagName);
    };
    const tab = (shiftKey = false) =>
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
    // Focus starts on the dialog's first control and cycles through its controls only.
    const order = [focused()];
    for (let i = 0; i < 3; i += 1) {
      tab();
      order.push(focused());
    }
    expect(order).toEqual(['A', 'No thanks', 'Close', 'A']); // the picture's link first
    tab(true);
    expect(focused()).toBe('Close');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shown()).toBe(true);
  });

  it('hides the page behind from assistive technology and stops it scrolling, until closed', () => {
    render(
      <>
        <main>The menu</main>
        <PromoPopup popup={popup} pagePath="/1/menu" />
      </>,
    );
    const page = screen.getByText('The menu');
    expect(page.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('dialog').closest('[aria-hidden]')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('hidden');
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(screen.getByRole('dialog').hasAttribute('data-state')).toBe(false); // stays the same modal
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(page.hasAttribute('aria-hidden')).toBe(false);
    expect(document.documentElement.style.overflow).toBe('');
    expect(shown()).toBe(true);
  });

  it('closes on a click on the backdrop', () => {
    render(<PromoPopup popup={popup} pagePath="/1/menu" />);
    const backdrop = screen.getByRole('dialog').previousElementSibling as HTMLElement;
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the search page resets the flag', () => {
    document.cookie = `${PROMO_SHOWN_COOKIE}=1; path=/`;
    render(<PromoPopupReset />);
    expect(shown()).toBe(false);
  });

  it('navigates in the app for a relative target, resolved against the store page', async () => {
    render(<PromoPopup popup={popup} pagePath="/1/menu" />);
    const link = screen.getByRole('link', { name: 'Milkshake Mondays' });
    expect(link.getAttribute('href')).toBe('/1/menu/1-50-502');
    fireEvent.click(link);
    expect(push).toHaveBeenCalledWith('/1/menu/1-50-502');
    expect(shown()).toBe(true);
  });

  it('opens http(s) targets in a new tab and ignores targets on another origin', async () => {
    render(
      <PromoPopup
        popup={{ ...popup, imageTargetUrl: 'https://example.com/deal', closeButtonLabel: null }}
        pagePath="/1/menu"
      />,
    );
    const link = await screen.findByRole('link', { name: /Milkshake Mondays/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    await act(async () => {});
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Close',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shown()).toBe(true);
    cleanup();
    render(<PromoPopup popup={{ ...popup, imageTargetUrl: '//evil.example/x' }} pagePath="/1/menu" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

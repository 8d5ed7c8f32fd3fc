import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntentPrefetchLink } from './intent-prefetch-link';

const prefetch = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ prefetch }) }));

beforeEach(() => prefetch.mockReset());
afterEach(cleanup);

describe('IntentPrefetchLink', () => {
  it('prefetches nothing when it renders, only when the guest shows intent', () => {
    const onFocus = vi.fn();
    render(
      <IntentPrefetchLink href="/1/menu" onFocus={onFocus}>
        Capital Kitchen
      </IntentPrefetchLink>,
    );
    const link = screen.getByRole('link', { name: 'Capital Kitchen' });
    expect(link.getAttribute('href')).toBe('/1/menu');
    expect(prefetch).not.toHaveBeenCalled();

    fireEvent.mouseEnter(link);
    expect(prefetch).toHaveBeenLastCalledWith('/1/menu');
    fireEvent.focus(link);
    fireEvent.touchStart(link);
    expect(prefetch).toHaveBeenCalledTimes(3);
    // The caller's own handlers still run.
    expect(onFocus).toHaveBeenCalledTimes(1);
  });
});

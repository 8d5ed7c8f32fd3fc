import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DEBUG_MODE_STORAGE_KEY, DebugModeToggle } from './debug-mode-toggle';

const refresh = vi.fn();
const router = { refresh };
vi.mock('next/navigation', () => ({ useRouter: () => router }));

function clearCookie() {
  document.cookie = 'sf_debug=; path=/; max-age=0';
}

describe('DebugModeToggle', () => {
  beforeEach(() => {
    refresh.mockClear();
    window.localStorage.clear();
    clearCookie();
  });
  afterEach(() => {
    cleanup();
    clearCookie();
  });

  it('keeps the flag in local storage and a cookie for the server, and reloads the page data', () => {
    render(<DebugModeToggle initiallyOn={false} />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: /Debug mode/ });
    expect(box.checked).toBe(false);

    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(window.localStorage.getItem(DEBUG_MODE_STORAGE_KEY)).toBe('1');
    expect(document.cookie).toContain('sf_debug=1');
    expect(refresh).toHaveBeenCalledTimes(1);

    fireEvent.click(box);
    expect(box.checked).toBe(false);
    expect(window.localStorage.getItem(DEBUG_MODE_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toContain('sf_debug=1');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('writes the cookie again when only the local-storage flag survived', () => {
    window.localStorage.setItem(DEBUG_MODE_STORAGE_KEY, '1');
    render(<DebugModeToggle initiallyOn={false} />);
    expect(document.cookie).toContain('sf_debug=1');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('shows the server state without reloading when both agree', () => {
    window.localStorage.setItem(DEBUG_MODE_STORAGE_KEY, '1');
    render(<DebugModeToggle initiallyOn />);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Debug mode/ }).checked).toBe(true);
    expect(refresh).not.toHaveBeenCalled();
  });
});

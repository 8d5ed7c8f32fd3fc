import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handFocusTo, useFocusHandoff } from './focus-handoff';
import { focusIfLost } from './route-focus';

function Taker({ name, label }: { name: string; label: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusHandoff(name, ref);
  return (
    <button ref={ref} type="button">
      {label}
    </button>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('focus hand-off between a control and the one that replaces it', () => {
  it('the new control takes focus that was lost when the old one went', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<button type="button">Sign in</button>);
    screen.getByRole('button', { name: 'Sign in' }).focus();
    handFocusTo('menu');
    rerender(<Taker name="menu" label="Hi, Dana" />);
    expect(document.activeElement).toBe(document.body);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hi, Dana' }));
  });

  it('leaves focus the guest moved elsewhere, and nothing happens without a hand-off', async () => {
    vi.useFakeTimers();
    render(
      <>
        <input aria-label="Elsewhere" />
        <Taker name="unasked" label="Unasked" />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(document.activeElement).toBe(document.body);
    cleanup();
    handFocusTo('menu');
    render(
      <>
        <input aria-label="Elsewhere" />
        <Taker name="menu" label="Hi, Dana" />
      </>,
    );
    screen.getByLabelText('Elsewhere').focus();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(document.activeElement).toBe(screen.getByLabelText('Elsewhere'));
  });

  it('a hand-off is taken once', async () => {
    vi.useFakeTimers();
    handFocusTo('menu');
    render(<Taker name="menu" label="First" />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    cleanup();
    render(<Taker name="menu" label="Second" />);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(document.activeElement).toBe(document.body);
  });
});

describe('focusIfLost', () => {
  it('focuses a heading (made focusable) only when focus is on the body', () => {
    render(
      <>
        <h1>Track your Order</h1>
        <input aria-label="Field" />
      </>,
    );
    const heading = screen.getByRole('heading', { name: 'Track your Order' });
    expect(focusIfLost(heading)).toBe(true);
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    screen.getByLabelText('Field').focus();
    expect(focusIfLost(heading)).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('Field'));
  });
});

import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderTimeline } from './components/order-timeline';
import { TrackingStatus } from './components/tracking-status';
import { timelineStages } from './timeline';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  cleanup();
});

describe('timeline stage rules', () => {
  it('shows status 1 as stage 2: stage 1 done, stage 2 current, the rest upcoming', () => {
    expect(timelineStages(1).map((s) => s.state)).toEqual(['done', 'current', 'upcoming', 'upcoming']);
    expect(timelineStages(2).map((s) => s.state)).toEqual(['done', 'current', 'upcoming', 'upcoming']);
  });

  it('marks earlier stages done and the current one current', () => {
    expect(timelineStages(3).map((s) => s.state)).toEqual(['done', 'done', 'current', 'upcoming']);
  });

  it('marks every stage done at status 4', () => {
    expect(timelineStages(4).map((s) => s.state)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('pulses only the current stage and turns every bar green at 4', () => {
    const { container, rerender } = render(<OrderTimeline statusId={1} />);
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    expect(container.querySelectorAll('.animate-stage-pulse')).toHaveLength(1);
    expect(steps[1]?.querySelector('.animate-stage-pulse')).not.toBeNull();
    expect(container.querySelectorAll('.bg-green-700')).toHaveLength(0);

    rerender(<OrderTimeline statusId={4} />);
    expect(container.querySelectorAll('.animate-stage-pulse')).toHaveLength(0);
    expect(container.querySelectorAll('[aria-current]')).toHaveLength(0);
    expect(container.querySelectorAll('span.h-2.bg-green-700')).toHaveLength(4);
  });
});

describe('status polling', () => {
  function statusResponse(statusId: number) {
    return new Response(JSON.stringify({ statusId }), { status: 200 });
  }

  it('polls /api/status every 60 s with the tracking token and stops at status 4', async () => {
    vi.useFakeTimers();
    const answers = [2, 4];
    const fetchMock = vi.fn(() => Promise.resolve(statusResponse(answers.shift() ?? 4)));
    vi.stubGlobal('fetch', fetchMock);
    const stages = [
      { stage: 1, label: 'Order Placed' },
      { stage: 2, label: 'Order Received' },
      { stage: 3, label: 'Ready for Pickup' },
      { stage: 4, label: 'Picked Up' },
    ];
    render(<TrackingStatus orderId={7} trackingToken="tok.en.value" initialStatus={1} stages={stages} />);
    expect(screen.getByTestId('order-status').textContent).toBe('Order Received');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/status?orderId=7');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok.en.value');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('order-status').textContent).toBe('Picked Up');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(180_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('polls at once when the window regains focus', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(statusResponse(3)));
    vi.stubGlobal('fetch', fetchMock);
    render(<TrackingStatus orderId={7} trackingToken="tok.en.value" initialStatus={2} stages={[]} />);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await Promise.resolve();
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText('Ready for Pickup', { selector: '[data-testid="order-status"]' }),
    ).toBeTruthy();
  });

  it('does not poll an order that is already complete', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(() => Promise.resolve(statusResponse(4)));
    vi.stubGlobal('fetch', fetchMock);
    render(<TrackingStatus orderId={7} trackingToken="tok.en.value" initialStatus={4} stages={[]} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
      window.dispatchEvent(new Event('focus'));
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

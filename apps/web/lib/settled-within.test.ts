import { afterEach, describe, expect, it, vi } from 'vitest';
import { settledWithin } from './settled-within';

afterEach(() => vi.useRealTimers());

describe('settledWithin', () => {
  it('gives the value of a promise that settles in time', async () => {
    vi.useFakeTimers();
    const answer = new Promise<string>((resolve) => setTimeout(() => resolve('stores'), 40));
    const outcome = settledWithin(answer, 100);
    await vi.advanceTimersByTimeAsync(40);
    await expect(outcome).resolves.toEqual({ value: 'stores' });
  });

  it('gives null when it takes longer, and the promise still settles', async () => {
    vi.useFakeTimers();
    const answer = new Promise<string>((resolve) => setTimeout(() => resolve('late stores'), 250));
    const outcome = settledWithin(answer, 100);
    await vi.advanceTimersByTimeAsync(100);
    await expect(outcome).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(150);
    await expect(answer).resolves.toBe('late stores');
  });

  it('throws a rejection that comes in time', async () => {
    await expect(settledWithin(Promise.reject(new Error('API down')), 100)).rejects.toThrow('API down');
  });
});

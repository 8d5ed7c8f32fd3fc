import { describe, expect, it, vi } from 'vitest';
import { cachedEstimate } from './estimate-cache';

vi.mock('server-only', () => ({}));

const T0 = Date.parse('2026-11-23T12:00:10Z');
let store = 100;
const scope = (extra?: string) => ({
  locationId: store,
  isCatering: false,
  method: 1,
  ...(extra ? { extra } : {}),
});

describe('cachedEstimate', () => {
  it('shares one load per store, catering flag, method and minute', async () => {
    store += 1;
    const load = vi.fn(async () => 'estimate');
    await cachedEstimate(scope(), load, undefined, T0);
    await cachedEstimate(scope(), load, undefined, T0 + 45_000);
    expect(load).toHaveBeenCalledTimes(1);
    await cachedEstimate(scope(), load, undefined, T0 + 50_000);
    expect(load).toHaveBeenCalledTimes(2);
    await cachedEstimate({ ...scope(), isCatering: true }, load, undefined, T0);
    await cachedEstimate({ ...scope(), method: 0 }, load, undefined, T0);
    await cachedEstimate({ ...scope(), locationId: store + 1000 }, load, undefined, T0);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('keeps addresses apart and does not keep failures or refused answers', async () => {
    store += 1;
    const load = vi.fn(async () => ({ ok: false }));
    await cachedEstimate(scope('a'), load, (v) => v.ok, T0);
    await cachedEstimate(scope('a'), load, (v) => v.ok, T0);
    expect(load).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async () => Promise.reject(new Error('down')));
    await expect(cachedEstimate(scope('b'), failing, undefined, T0)).rejects.toThrow('down');
    await expect(cachedEstimate(scope('b'), failing, undefined, T0)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
    const ok = vi.fn(async () => 'x');
    await cachedEstimate(scope('c'), ok, undefined, T0);
    await cachedEstimate(scope('d'), ok, undefined, T0);
    expect(ok).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';

describe('csp-browser', () => {
  it('turns zod’s compiled parsers off in the browser, for zod loaded after it', async () => {
    await import('./csp-browser');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});

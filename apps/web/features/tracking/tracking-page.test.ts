// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS_STAGES } from '@storefront/contracts/tracking-stages';

vi.mock('server-only', () => ({}));
const apiRequest = vi.fn();
vi.mock('@/lib/api', () => ({ apiRequest }));
vi.mock('@/lib/theme', () => ({ themeFromTemplate: () => null }));

const { getTrackingPage } = await import('./tracking.queries');

const TOKEN = 'eyJhbGciOi.tracking-token.sig';
const details = {
  order: { id: 42, context: { locationId: 3 } },
  status: { statusId: 2, stages: [], orderReadyTime: '2026-11-28T17:00:00.000Z' },
};
const template = (orderStatusForWebOrdering: unknown) => ({
  ok: true,
  value: { companyName: 'Burger Co', orderStatusForWebOrdering },
});

/** The API answers the tracking details, then the store's UI template. */
function answer(templateResult: unknown) {
  apiRequest.mockImplementation(async (_schema: unknown, path: string) =>
    path.startsWith('tracking/') ? { ok: true, value: details } : templateResult,
  );
}

describe("the tracking page's timeline settings (checkout spec section 3: orderStatusForWebOrdering)", () => {
  beforeEach(() => {
    apiRequest.mockReset();
  });

  it("names the timeline's stages from the UI settings and shows it when they enable it", async () => {
    const stages = [
      { stage: 1, label: 'Sent' },
      { stage: 2, label: 'Cooking' },
      { stage: 3, label: 'At the counter' },
      { stage: 4, label: 'Enjoy!' },
    ];
    answer(template({ enabled: true, orderStatusStages: stages }));
    const page = await getTrackingPage('42', TOKEN);
    expect(page).toMatchObject({ kind: 'ok', statusDisplay: true, stages });
    expect(apiRequest).toHaveBeenCalledWith(expect.anything(), 'technology/ui-templates', {
      query: { locationId: 3 },
      revalidate: 60,
    });
  });

  it('turns the status display off when the UI settings disable it, and keeps the default stages without four labels', async () => {
    answer(template({ enabled: false, orderStatusStages: [] }));
    expect(await getTrackingPage('43', TOKEN)).toMatchObject({
      kind: 'ok',
      statusDisplay: false,
      stages: ORDER_STATUS_STAGES,
    });
  });

  it('shows the default timeline when the UI template cannot be read', async () => {
    answer({ ok: false, status: 502, errors: [] });
    expect(await getTrackingPage('44', TOKEN)).toMatchObject({
      kind: 'ok',
      statusDisplay: true,
      stages: ORDER_STATUS_STAGES,
    });
  });
});

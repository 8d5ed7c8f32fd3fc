import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageVisitReportView } from './page-visit-report';

afterEach(cleanup);

describe("the kitchen's page-visit report", () => {
  it('shows the visits of the last days by page and by store', () => {
    render(
      <PageVisitReportView
        report={{
          days: 7,
          total: 5,
          byPageType: [
            { pageType: 'store', visits: 3 },
            { pageType: 'checkout', visits: 2 },
          ],
          byLocation: [{ locationId: 1, name: 'Capital Kitchen - Downtown', visits: 5 }],
        }}
      />,
    );
    expect(screen.getByText(/5 page visits in the last 7 days/)).toBeTruthy();
    const byPage = screen.getByRole('table', { name: 'By page' });
    expect(
      within(byPage)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PageVisits', 'Store menu3', 'Checkout2']);
    const byStore = screen.getByRole('table', { name: 'By store' });
    expect(within(byStore).getByRole('rowheader', { name: 'Capital Kitchen - Downtown' })).toBeTruthy();
  });
});

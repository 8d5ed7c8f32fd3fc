import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SignJWT } from 'jose';
import { expectNoAxeViolations } from './pages/axe';
import { skipPromoPopup, waitForPromoReset } from './pages/promo-popup';
import { accountMenuButton } from './pages/session-dialogs';

/**
 * Loyalty (issue 33): the brand app's single sign-on on the search page (`security_token`) signs the demo member
 * in and the page reloads itself without the token; a bad or reused token shows 'Login attempt failed'. My
 * account's Rewards page shows the member's points balance and history. axe on every page; phone and desktop.
 */

/** The API's secret in the journeys (playwright.config.ts): what the brand's app would sign with. */
const E2E_LOYALTY_SSO_SECRET = 'e2e-loyalty-sso-secret-not-for-production-use';

/** A token as the brand's app mints it (README: Single sign-on from the brand's app). */
function mintSecurityToken(claims: { sub: string; email: string; given_name: string }) {
  return new SignJWT({ email: claims.email, given_name: claims.given_name, family_name: 'Loyal' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('capital-kitchen-app')
    .setAudience('storefront')
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(E2E_LOYALTY_SSO_SECRET));
}

const DEMO_MEMBER = { email: 'member@storefront.test', firstName: 'Lee' };

for (const [layout, use] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(layout, () => {
    test.use(use);

    test(`${layout}: security_token signs the demo member in; Rewards shows the balance and history`, async ({
      page,
    }) => {
      const token = await mintSecurityToken({
        sub: 'demo-member-lee',
        email: DEMO_MEMBER.email,
        given_name: 'Lee',
      });
      await page.goto(`/search-locations?q=20001&security_token=${token}`);
      // The page reloads itself without the token, signed in.
      await expect(page).toHaveURL(/\/search-locations\?q=20001$/);
      await expect(accountMenuButton(page)).toHaveText(`Hi, ${DEMO_MEMBER.firstName}`);
      await waitForPromoReset(page);
      await skipPromoPopup(page);
      await expectNoAxeViolations(page, `search page signed in by security_token (${layout})`);

      await page.goto('/my-account/rewards');
      await expect(page.getByRole('heading', { name: 'Capital Kitchen Rewards' })).toBeVisible();
      await expect(page.getByTestId('points-balance')).toHaveText(/^[\d,]+$/);
      const history = page.getByRole('list', { name: 'Points history' });
      await expect(history.getByText(/Welcome bonus/)).toBeVisible();
      await expect(history.getByText('+1,250 points')).toBeVisible();
      // The account menu sits beside the page on a wide screen (a phone shows it on /my-account alone).
      if (layout === 'desktop') {
        await expect(
          page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Rewards' }),
        ).toHaveAttribute('aria-current', 'page');
      }
      await expectNoAxeViolations(page, `My account Rewards (${layout})`);
    });

    test(`${layout}: a bad or reused security_token shows 'Login attempt failed' and signs nobody in`, async ({
      page,
    }) => {
      await page.goto('/search-locations?security_token=not-a-token');
      await expect(page.getByText('Login attempt failed', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/search-locations$/);
      await expect(accountMenuButton(page)).toBeHidden();
      await expectNoAxeViolations(page, `search page after a failed security_token (${layout})`);

      // A token signs in once: the second use fails like a forged one.
      const token = await mintSecurityToken({
        sub: `member-${randomUUID()}`,
        email: `member-${randomUUID()}@example.com`,
        given_name: 'Robin',
      });
      await page.goto(`/search-locations?security_token=${token}`);
      await expect(accountMenuButton(page)).toHaveText('Hi, Robin');
      await page.context().clearCookies();
      await page.goto(`/search-locations?security_token=${token}`);
      await expect(page.getByText('Login attempt failed', { exact: true })).toBeVisible();
      await expect(accountMenuButton(page)).toBeHidden();
    });
  });
}

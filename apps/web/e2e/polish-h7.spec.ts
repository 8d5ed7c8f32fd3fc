import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';

/**
 * Issue 24, points 3, 4 and 9 and the item page's touch targets (point 14), on a phone and a laptop:
 * - a grey Add to Order still answers a tap: it scrolls to the first unmet required group, marks it, says what to
 *   choose (live region) and moves focus there, and adds nothing;
 * - each modifier tile says what choosing it costs now ('Included' / '+$x.xx'), which is what the total does;
 * - 'Make it a combo +$5.50' is offered under the title, in the first screen, and one tap lands on the combo
 *   with the choices carried.
 */

const BOWL = '/1/menu/1-20-201';
const BURGER = '/1/menu/1-10-101';

const VIEWPORTS = [
  { name: 'phone', use: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } },
  { name: 'laptop', use: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false } },
] as const;

/** A finger or a mouse on the middle of the element, as a guest presses it (no actionability wait). */
async function press(page: Page, target: Locator, touch: boolean) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/** The tile of one modifier (its list item) in a group. */
function tile(page: Page, group: string, option: string) {
  return new ItemPage(page)
    .group(group)
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: option }) });
}

/** Where the page is and what has focus, for the before/after note. */
async function where(page: Page, label: string) {
  const state = await page.evaluate(() => {
    const el = document.activeElement;
    const name = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}` : 'none';
    return `scrollY=${Math.round(window.scrollY)} focus=${name}`;
  });
  console.log(`[h7 ${test.info().title} @${String(page.viewportSize()?.width)}] ${label}: ${state}`);
}

const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

for (const viewport of VIEWPORTS) {
  test.describe(`item page on a ${viewport.name}`, () => {
    test.use(viewport.use);
    const touch = viewport.use.hasTouch;

    test('a grey Add to Order says what is missing: scrolls to, marks, announces and focuses the group', async ({
      page,
    }) => {
      await skipPromoPopup(page);
      await page.goto(BOWL);
      const item = new ItemPage(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Build-Your-Own Bowl' })).toBeVisible();
      const base = item.group('Base');
      await expect(item.addButton).toBeDisabled();
      // The guest has read down to the sauces before pressing Add
      await page.getByRole('textbox', { name: 'Notes' }).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 2000);
      await expect(base).not.toBeInViewport();
      await where(page, 'before the press');
      const orderCalls: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && !request.url().includes('/pricings'))
          orderCalls.push(request.url());
      });

      await press(page, item.addButton, touch);
      await page.waitForLoadState('networkidle');
      await where(page, 'right after the press');
      // Base is the first unmet group: on screen below the sticky header, above the sticky Add bar
      await expect(base).toBeInViewport({ ratio: 0.5 });
      await expect(base).toHaveAttribute('aria-invalid', 'true');
      await expect(base.getByText('Select an option')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Base' })).toContainText('Select one option');
      await expect(base).toBeFocused();
      // Once the (smooth) scroll has settled: the group's top between the header and the sticky Add bar
      const layout = () =>
        page.evaluate(() => {
          const group = document.activeElement?.getBoundingClientRect().top ?? Number.NaN;
          const bar = document.querySelector('form button[type=submit]')?.getBoundingClientRect().top ?? 0;
          const header = [...document.querySelectorAll('header')]
            .map((h) => h.getBoundingClientRect())
            .filter((r) => r.height > 0 && r.top <= 0)
            .reduce((bottom, r) => Math.max(bottom, r.bottom), 0);
          return { top: Math.round(group), header: Math.round(header), bar: Math.round(bar) };
        });
      await expect
        .poll(async () => {
          const now = await layout();
          return now.top >= now.header && now.top < now.bar;
        })
        .toBe(true);
      const settled = await layout();
      await where(
        page,
        `after (base.top=${settled.top}, header.bottom=${settled.header}, bar.top=${settled.bar})`,
      );
      await expectNoAxeViolations(page, 'item page with the first unmet group marked');

      // Base chosen: the next tap goes to Protein; nothing was ever sent
      await item.choose('Base', 'Brown rice');
      await expect(base).not.toHaveAttribute('aria-invalid', 'true');
      await press(page, item.addButton, touch);
      await expect(item.group('Protein')).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: 'Protein' })).toContainText(
        'Select between 1 and 2',
      );
      await expect(page).toHaveURL(new RegExp(`${BOWL}$`));
      expect(orderCalls).toEqual([]);

      await item.tick('Protein', 'Grilled chicken');
      await expect(item.addButton).toBeEnabled();
      await item.add();
      await expect(page).toHaveURL(/\/1\/menu$/);
    });

    test('modifier tiles say what choosing them costs now, and the total moves by exactly that', async ({
      page,
    }) => {
      await skipPromoPopup(page);
      await page.goto(BURGER);
      const item = new ItemPage(page);
      await expect(item.confirmedPrice).toHaveText('Price $9.49');
      const bacon = await tile(page, 'Toppings', 'Bacon').textContent();
      console.log(
        `[h7 tiles @${page.viewportSize()?.width}] Bacon tile with nothing chosen: '${bacon ?? ''}'`,
      );
      // '2 included in price': the first two toppings are free, Bacon too
      await expect(tile(page, 'Toppings', 'Bacon')).toContainText('Included');
      await expect(tile(page, 'Toppings', 'Bacon')).not.toContainText('$1.99');

      let total = 949;
      // Ticked in this order (not the menu's): the included units go to the first two ticked
      for (const option of ['Lettuce', 'Bacon', 'Tomato', 'Avocado']) {
        const cost = tile(page, 'Toppings', option).getByTestId('choice-cost');
        const label = (await cost.textContent()) ?? '';
        total += label === 'Included' ? 0 : cents(label);
        await item.tick('Toppings', option);
        await expect(item.confirmedPrice).toHaveText(`Price $${(total / 100).toFixed(2)}`);
      }
      // Lettuce and Bacon took the included units: Tomato (its $0.30, not Bacon's $1.99) and Avocado are charged
      expect(total).toBe(949 + 30 + 150);
      await expect(tile(page, 'Toppings', 'Lettuce').getByTestId('choice-cost')).toHaveText('Included');
      await expect(tile(page, 'Toppings', 'Bacon').getByTestId('choice-cost')).toHaveText('Included');
      await expect(tile(page, 'Toppings', 'Tomato').getByTestId('choice-cost')).toHaveText('+$0.30');
      await expectNoAxeViolations(page, 'item page with tile costs');
    });

    test("'Make it a combo +$5.50' is in the first screen and one tap makes it the combo with the choices", async ({
      page,
    }) => {
      await skipPromoPopup(page);
      await page.goto(BURGER);
      const item = new ItemPage(page);
      const any = page.getByRole('button', { name: /Make it a combo/ }).first();
      const seen = await any.evaluate(
        (el) => `'${el.textContent ?? ''}' top=${Math.round(el.getBoundingClientRect().top)}`,
      );
      console.log(
        `[h7 combo @${page.viewportSize()?.width}] first screen ${page.viewportSize()?.height}px: ${seen}`,
      );
      const offer = page.getByRole('button', { name: 'Make it a combo +$5.50' });
      await expect(offer).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page, 'item page with the combo offer');
      // axe's experimental rule (not among the tags every journey runs): the offer's name holds all its visible
      // text (issue 37: an aria-label 'Make it a combo +$5.50' over a button that also showed the combo's
      // description failed it).
      const names = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
      expect(names.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
      // A press anywhere on the offer's card is the offer's (its button's ::after covers the card).
      const card = page.locator('[data-stretched-card]').filter({ has: offer });
      await expect(card).toContainText('Burger Combo');

      await item.choose('Cheese', 'Swiss');
      // A topping ticked comes along too (issue 37: it was dropped); Bacon is one of the two included units on
      // both burgers, and Swiss costs the same on the combo's burger: still 5.50 more.
      await item.tick('Toppings', 'Bacon');
      // Ticking scrolled down to the toppings: back up to the offer, pressed where it is on screen.
      await offer.scrollIntoViewIfNeeded();
      await expect(offer).toBeInViewport({ ratio: 1 });
      // Pressed on the combo's description, below the button's own text: the card takes it.
      await press(page, card.getByText(/Burger Combo: /), touch);
      await expect(page).toHaveURL(/\/1\/menu\/1-10-106\?/);
      await expect(page.getByRole('heading', { level: 1, name: 'Burger Combo' })).toBeVisible();
      const burger = item.group('Choose your burger');
      await expect(burger.getByRole('radio', { name: /Classic Burger/ })).toBeChecked();
      await expect(burger.getByText('Swiss')).toBeVisible();
      await expect(burger.getByText('Swiss, Bacon')).toBeVisible();
    });

    if (touch) {
      test('the item page controls are at least 44 px on a touch screen', async ({ page }) => {
        await skipPromoPopup(page);
        await page.goto(BURGER);
        const item = new ItemPage(page);
        await item.tick('Toppings', 'Bacon');
        const sizes = await page.evaluate(() => {
          const out: { name: string; width: number; height: number }[] = [];
          const main = document.querySelector('main');
          if (!main) return out;
          const box = (name: string, el: Element) => {
            const r = el.getBoundingClientRect();
            out.push({ name, width: Math.round(r.width), height: Math.round(r.height) });
          };
          for (const input of main.querySelectorAll<HTMLInputElement>(
            'input[type=radio], input[type=checkbox]',
          )) {
            // A choice's target is its label (the input sits inside it or beside it)
            const label = input.labels?.[0];
            if (label) box(`choice ${label.textContent ?? ''}`, label);
          }
          // A button whose ::after covers its card (data-stretched-link) is pressed anywhere on the card.
          for (const button of main.querySelectorAll('button'))
            box(
              `button ${button.getAttribute('aria-label') ?? button.textContent ?? ''}`,
              (button.hasAttribute('data-stretched-link') && button.closest('[data-stretched-card]')) ||
                button,
            );
          const back = [...main.querySelectorAll('a')].find((a) => a.textContent?.includes('Back to menu'));
          if (back) box('Back to menu', back);
          return out;
        });
        const small = sizes.filter((s) => s.height < 44 || s.width < 44);
        console.log(`[h7 targets] ${sizes.length} controls, under 44 px: ${JSON.stringify(small)}`);
        expect(sizes.length).toBeGreaterThan(15);
        expect(small).toEqual([]);
      });
    }
  });
}

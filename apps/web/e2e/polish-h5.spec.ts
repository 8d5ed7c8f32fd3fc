import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { API_URL, KitchenScreen, placeGuestOrder, uniqueFirstName } from './pages/kitchen-h5';

/**
 * Issue 24, point 10: the kitchen screen. Orders are placed through the API (as any ordering channel would)
 * while the screen is open; the screen must show them without a reload, as they happen.
 */

/** Counts the chime's oscillators (Web Audio), before any page script runs. */
async function countChimes(page: Page) {
  await page.addInitScript(() => {
    const counter = window as unknown as { h5Oscillators: number };
    counter.h5Oscillators = 0;
    const original: unknown = Object.getOwnPropertyDescriptor(
      BaseAudioContext.prototype,
      'createOscillator',
    )?.value;
    if (typeof original !== 'function') return;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      counter.h5Oscillators += 1;
      return Reflect.apply(original, this, []) as OscillatorNode;
    };
  });
}
const oscillators = (page: Page) =>
  page.evaluate(() => (window as unknown as { h5Oscillators: number }).h5Oscillators);

/** The shared axe check, which on failure also prints what axe found (the shared one says only that it failed). */
async function expectAccessible(page: Page, context: string) {
  try {
    await expectNoAxeViolations(page, context);
  } catch (error) {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    for (const v of results.violations) {
      console.log(`axe ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.html.slice(0, 200)).join(' | ')}`);
    }
    throw error;
  }
}

/** Every control on the board is at least 48 px high (a kitchen tablet, wet or gloved fingers). */
async function expectLargeTargets(page: Page, controls: Locator[]) {
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box, `${String(control)} is on the page`).not.toBeNull();
    expect(box?.height ?? 0, `${String(control)} height`).toBeGreaterThanOrEqual(48);
  }
}

test.describe('desktop 1440x900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a new order reaches the open kitchen screen at once, flashes New and chimes; the mute is remembered', async ({
    page,
    request,
  }) => {
    // Names no earlier run used: the board keeps the day's tickets, so a repeated run finds its own.
    const curbie = uniqueFirstName('Curbie');
    const quiet = uniqueFirstName('Quiet');
    await countChimes(page);
    const kitchen = new KitchenScreen(page);
    // Gaithersburg (6) offers curbside.
    await kitchen.signIn(6);
    await expect(kitchen.liveStatus).toHaveText('Live');
    const chimesBefore = await oscillators(page);

    await placeGuestOrder(request, {
      locationId: 6,
      firstName: curbie,
      pickup: { pickupOption: 1, carColor: 1, carType: 2, fulfillmentPlace: '5' },
    });
    const placedAt = Date.now();
    const ticket = kitchen.ticket(curbie);
    await expect(ticket).toBeVisible({ timeout: 12_000 });
    const appearedMs = Date.now() - placedAt;
    console.log(
      `h5: the new ticket appeared ${appearedMs} ms after placement (the old poll: up to 10,000 ms)`,
    );
    // Pushed, not polled: the old 10 s poll took 6.9-9.4 s here; pushed it takes 1.8-3.4 s on this loaded machine
    // (most of it the board's re-render), so 6 s leaves room without letting a poll pass for a push.
    expect(appearedMs).toBeLessThan(6_000);
    await expect(ticket).toHaveAttribute('data-new', 'true');
    await expect(ticket.getByText('New', { exact: true })).toBeVisible();
    // The sign-in press armed the audio; the arrival played the chime (two tones).
    await expect.poll(() => oscillators(page)).toBeGreaterThan(chimesBefore);

    // What the line reads first: ASAP, due time, age, and the handoff with car and space.
    await expect(ticket.getByText('ASAP', { exact: true })).toBeVisible();
    await expect(ticket.getByText(/^Due \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
    await expect(ticket.getByTestId('ticket-age')).toHaveText('just now');
    await expect(ticket.getByText('Curbside', { exact: true })).toBeVisible();
    await expect(ticket.getByText('Curbside · space 5 · Blue Sedan')).toBeVisible();
    await expect(ticket.getByText(/^Late/)).toHaveCount(0);

    await expectLargeTargets(page, [
      ticket.getByRole('button', { name: /Start preparing/ }),
      page.getByRole('button', { name: 'New-order sound' }),
      page.getByRole('button', { name: 'Sign out' }),
      page.getByLabel('Location'),
      page.getByRole('button', { name: 'Pause online ordering' }),
    ]);
    await expectAccessible(page, 'kitchen with a new curbside ticket');

    // Muted on this device: stays muted after a reload; a new order flashes without a sound.
    const sound = page.getByRole('button', { name: 'New-order sound' });
    await expect(sound).toHaveAttribute('aria-pressed', 'true');
    await sound.click();
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    await expect(kitchen.liveStatus).toHaveText('Live');
    await page.getByRole('heading', { level: 1 }).click();
    const mutedBefore = await oscillators(page);
    await placeGuestOrder(request, { locationId: 6, firstName: quiet });
    await expect(kitchen.ticket(quiet)).toHaveAttribute('data-new', 'true', { timeout: 6_000 });
    await expect(kitchen.ticket(quiet).getByText('Walk-in pickup')).toBeVisible();
    expect(await oscillators(page)).toBe(mutedBefore);
  });
});

test.describe('tablet-sized phone 412x915', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test('tickets tell ASAP from scheduled, show the table, and turn Late once past due', async ({
    page,
    request,
  }) => {
    const tabitha = uniqueFirstName('Tabitha');
    const scheduly = uniqueFirstName('Scheduly');
    // Navy Yard (7) takes table orders; Dupont Circle (1) is open around the clock, so it has slots to schedule.
    await placeGuestOrder(request, {
      locationId: 7,
      firstName: tabitha,
      fulfillmentMethod: 2,
      pickup: { pickupOption: 0, fulfillmentPlace: '12' },
    });
    const token = await request.post(`${API_URL}/v1/oauth/token`, {
      data: { clientId: 'web', clientSecret: 'web-demo-secret' },
    });
    const { accessToken } = ((await token.json()) as { value: { accessToken: string } }).value;
    const times = await request.get(`${API_URL}/v1/locations/1/order-times`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const days = ((await times.json()) as { value: { times: string[] }[] }).value;
    const slot = days.flatMap((d) => d.times)[4];
    if (!slot) throw new Error('no slot to schedule at Dupont Circle');
    await placeGuestOrder(request, { locationId: 1, firstName: scheduly, readyTime: slot });

    // The screen's clock is Playwright's, so it can be moved on below.
    await page.clock.install();
    const kitchen = new KitchenScreen(page);
    await kitchen.signIn(7);
    const table = kitchen.ticket(tabitha);
    await expect(table.getByText('Table 12', { exact: true })).toBeVisible();
    await expect(table.getByText('ASAP', { exact: true })).toBeVisible();
    await expect(table).not.toHaveAttribute('data-late', 'true');
    await expectLargeTargets(page, [
      table.getByRole('button', { name: /Start preparing/ }),
      page.getByRole('button', { name: 'New-order sound' }),
      page.getByLabel('Location'),
    ]);
    await expectAccessible(page, 'kitchen on a phone');

    // 40 minutes on, the ASAP order (due about 15-25 minutes after placing) is late: red, and says so.
    await page.clock.fastForward('40:00');
    await expect(table).toHaveAttribute('data-late', 'true');
    await expect(table.getByText(/^Late \d+ min$/)).toBeVisible();
    await expect(table.getByTestId('ticket-age')).toHaveText(/^(39|40|41) min ago$/);
    await expectAccessible(page, 'kitchen with a late ticket');

    // A scheduled order reads 'Scheduled' and is due at the time the guest chose.
    await page.getByLabel('Location').selectOption('1');
    const scheduled = kitchen.ticket(scheduly);
    await expect(scheduled.getByText('Scheduled', { exact: true })).toBeVisible();
    const match = /T(\d{2}):(\d{2})/.exec(slot);
    const hours = Number(match?.[1]);
    const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${match?.[2]} ${hours >= 12 ? 'PM' : 'AM'}`;
    await expect(scheduled.getByText(new RegExp(`^Due (\\d{2}/\\d{2} )?${clock}$`))).toBeVisible();
  });
});

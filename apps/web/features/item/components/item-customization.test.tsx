import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ITEM_TYPE } from '@storefront/contracts/enums';
import { MENU_LAYOUT, type MenuLayout } from '@storefront/contracts/enum-values';
import type { MenuNode } from '@storefront/contracts/menu';
import { menuNode } from '@storefront/contracts/menu.fixtures';
import {
  ItemCustomization,
  type ItemOptions,
  type ItemSubmission,
  type ItemSubmitResult,
} from './item-customization';

const push = vi.fn();
const replace = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, replace }) }));

function node(
  itemPathKey: string,
  title: string,
  overrides: Partial<MenuNode> & { price?: number; min?: number; max?: number; included?: number } = {},
): MenuNode {
  const { price, min, max, included, ...rest } = overrides;
  const isGroup = rest.itemType === ITEM_TYPE.Group;
  return menuNode({
    itemPathKey,
    title,
    itemType: ITEM_TYPE.Modifier,
    selectionAttribute: isGroup ? { minQty: min ?? 0, maxQty: max ?? 0, includedQty: included ?? 0 } : null,
    itemConfigurations: { displayOrder: 0, maxQuantity: 0, defaultQuantity: 0 },
    priceAttribute:
      price === undefined
        ? null
        : {
            priceType: 'BasePrice',
            prices: [{ portionTypeId: null, price, default: true, isOutOfStock: false }],
            propagatePortionSelection: false,
          },
    ...rest,
  });
}

const group = (
  key: string,
  title: string,
  rules: { min?: number; max?: number; included?: number },
  children: MenuNode[],
) => node(key, title, { itemType: ITEM_TYPE.Group, ...rules, children });

/** A burger: bread (radio), sauces (up to 2, 1 included), toppings (between 1 and 3), extras (at least 1, optional
 * not: min 1 max 0), a side with a nested required group, and a drink with quantities. */
function burger(): MenuNode {
  return node('1-2-10', 'Classic Burger', {
    itemType: ITEM_TYPE.MenuItem,
    price: 10,
    children: [
      group('1-2-10-40', 'Bread', { min: 1, max: 1 }, [
        node('1-2-10-40-401', 'Brioche', { price: 0 }),
        node('1-2-10-40-402', 'Sourdough', { price: 0.5 }),
      ]),
      group('1-2-10-41', 'Sauces', { min: 0, max: 2, included: 1 }, [
        node('1-2-10-41-411', 'Ketchup', { price: 0.25 }),
        node('1-2-10-41-412', 'Mayo', { price: 0.25 }),
        node('1-2-10-41-413', 'Aioli', { price: 0.75 }),
      ]),
      group('1-2-10-42', 'Toppings', { min: 2, max: 3 }, [
        node('1-2-10-42-421', 'Lettuce', { price: 0 }),
        node('1-2-10-42-422', 'Tomato', { price: 0 }),
        node('1-2-10-42-423', 'Onion', { price: 0 }),
        node('1-2-10-42-424', 'Pickles', { price: 0 }),
      ]),
      group('1-2-10-43', 'Side', { min: 0, max: 1 }, [
        node('1-2-10-43-431', 'Fries', {
          price: 3,
          children: [
            group('1-2-10-43-431-50', 'Fries seasoning', { min: 1, max: 1 }, [
              node('1-2-10-43-431-50-501', 'Salt', { price: 0 }),
              node('1-2-10-43-431-50-502', 'Cajun', { price: 0.5 }),
            ]),
          ],
        }),
      ]),
      group('1-2-10-44', 'Extras', { min: 0, max: 0 }, [
        node('1-2-10-44-441', 'Extra patty', {
          price: 4,
          itemConfigurations: { displayOrder: 0, maxQuantity: 3, defaultQuantity: 1 },
        }),
      ]),
    ],
  });
}

const ok: ItemSubmitResult = { ok: true, data: null };

function setup(
  options: {
    fetcher?: typeof fetch;
    submit?: (s: ItemSubmission) => Promise<ItemSubmitResult>;
    layoutOverride?: MenuLayout;
    preselected?: ItemOptions['preselected'];
    realTimePricing?: boolean;
  } = {},
) {
  const submit = vi.fn(options.submit ?? (async () => ok));
  const fetcher = options.fetcher ?? vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
  render(
    <ItemCustomization
      item={burger()}
      snapshotId={7}
      locationId={3}
      menuType="menu"
      portionTitles={{}}
      allowNotes
      edit={null}
      submit={submit}
      fetcher={fetcher}
      layoutOverride={options.layoutOverride}
      preselected={options.preselected}
      realTimePricing={options.realTimePricing}
    />,
  );
  return { submit, fetcher };
}

const groupOf = (name: string) => screen.getByRole('group', { name });
const addButton = () => screen.getByRole('button', { name: /Add to Order/ });
const check = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(name) }));
const makeValid = () => {
  fireEvent.click(screen.getByRole('radio', { name: /Brioche/ }));
  check('Lettuce');
  check('Tomato');
};

// jsdom lays nothing out: the grey Add to Order's scroll (and its reduced-motion check) are stubbed.
const scrolled = vi.fn();
beforeEach(() => {
  push.mockReset();
  replace.mockReset();
  scrolled.mockReset();
  Element.prototype.scrollIntoView = scrolled;
  vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ItemCustomization', () => {
  it('shows each group hint with its included quantity', () => {
    setup();
    expect(within(groupOf('Bread')).getByText('Select one option')).toBeTruthy();
    expect(within(groupOf('Sauces')).getByText('Select up to 2 (1 included in price)')).toBeTruthy();
    expect(within(groupOf('Toppings')).getByText('Select between 2 and 3')).toBeTruthy();
    expect(within(groupOf('Side')).getByText('Select up to 1')).toBeTruthy();
  });

  it("shows 'Required', then '{n} Pending', then nothing as a required group fills up", () => {
    setup();
    const toppings = groupOf('Toppings');
    expect(within(toppings).getByText('Required')).toBeTruthy();
    check('Lettuce');
    expect(within(toppings).getByText('1 Pending')).toBeTruthy();
    expect(within(toppings).getByText('Select an option')).toBeTruthy();
    check('Tomato');
    expect(within(toppings).queryByText(/Pending|Required/)).toBeNull();
    expect(within(toppings).queryByText('Select an option')).toBeNull();
  });

  it('keeps Add to Order grey until the selection is valid, pointing to what is missing on a press, then adds it', async () => {
    const { submit } = setup();
    // Grey but pressable: aria-disabled, not disabled
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    expect(addButton()).toHaveProperty('disabled', false);
    await act(async () => {
      fireEvent.click(addButton());
    });
    expect(submit).not.toHaveBeenCalled();
    const status = screen.getByTestId('missing-choice');
    expect(status.getAttribute('role')).toBe('status');
    const first = status.textContent ?? '';
    expect(first).toMatch(/: Required\./);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(document.activeElement?.tagName).toBe('FIELDSET');
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement?.textContent).toContain('Select an option');
    fireEvent.click(screen.getByRole('radio', { name: /Brioche/ }));
    check('Lettuce');
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    await act(async () => {
      fireEvent.click(addButton());
    });
    expect(submit).not.toHaveBeenCalled();
    expect(status.textContent).not.toBe(first);
    check('Tomato');
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
    // 10.00 + 1 extra patty (default quantity) 4.00
    expect(addButton().textContent).toContain('$14.00');
    await act(async () => {
      fireEvent.click(addButton());
    });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]?.[0]).toMatchObject({
      locationId: 3,
      snapshotId: 7,
      itemPathKey: '1-2-10',
      quantity: 1,
      note: null,
    });
    expect(push).toHaveBeenCalledWith('/3/menu');
  });

  it('opens the spec dialog when a customization is unavailable, and goes to the menu on a snapshot mismatch', async () => {
    let reason: 'customization' | 'snapshot' = 'customization';
    setup({ submit: async () => ({ ok: false, error: 'x', reason }) });
    makeValid();
    await act(async () => {
      fireEvent.click(addButton());
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Oops! An error occurred')).toBeTruthy();
    expect(
      within(dialog).getByText(
        "The item can't be added to the Order. A required customization is unavailable. Please review the item.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    reason = 'snapshot';
    await act(async () => {
      fireEvent.click(addButton());
    });
    expect(replace).toHaveBeenCalledWith('/3/menu');
  });

  it('replaces the choice in a radio group', () => {
    setup();
    const brioche = screen.getByRole('radio', { name: /Brioche/ });
    const sourdough = screen.getByRole('radio', { name: /Sourdough/ });
    fireEvent.click(brioche);
    fireEvent.click(sourdough);
    expect(brioche).toHaveProperty('checked', false);
    expect(sourdough).toHaveProperty('checked', true);
  });

  it('stops a checkbox group at its maxQty', () => {
    setup();
    check('Ketchup');
    check('Mayo');
    const aioli = screen.getByRole('checkbox', { name: /Aioli/ });
    expect(aioli).toHaveProperty('disabled', true);
    fireEvent.click(aioli);
    expect(aioli).toHaveProperty('checked', false);
    check('Mayo');
    expect(aioli).toHaveProperty('disabled', false);
  });

  it('counts the included quantity once: the sauce ticked first is free', () => {
    setup();
    makeValid();
    check('Ketchup');
    expect(addButton().textContent).toContain('$14.00');
    check('Aioli');
    expect(addButton().textContent).toContain('$14.75');
  });

  it('sets a modifier quantity up to its maxQuantity', () => {
    setup();
    const picker = screen.getByRole('group', { name: 'Quantity of Extra patty' });
    const plus = within(picker).getByRole('button', { name: 'Increase quantity' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(within(picker).getByText('3')).toBeTruthy();
    expect(plus).toHaveProperty('disabled', true);
  });

  it('opens the nested panel; Confirm needs the nested group valid and Back restores the selection', () => {
    setup();
    check('Fries');
    const panel = screen.getByRole('region', { name: 'Fries' });
    const confirm = within(panel).getByRole('button', { name: 'Confirm' });
    expect(confirm).toHaveProperty('disabled', true);
    expect(within(groupOf('Fries seasoning')).getByText('Required')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('checkbox', { name: /Fries/ })).toHaveProperty('checked', false);

    check('Fries');
    fireEvent.click(screen.getByRole('radio', { name: /Cajun/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('checkbox', { name: /Fries/ })).toHaveProperty('checked', true);
    expect(screen.getByText('Cajun')).toBeTruthy();
  });

  it('offers notes only in the standard layout', () => {
    setup({ layoutOverride: MENU_LAYOUT.Standard });
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBeTruthy();
    cleanup();
    setup({ layoutOverride: MENU_LAYOUT.Condensed });
    expect(screen.queryByRole('textbox', { name: 'Notes' })).toBeNull();
    cleanup();
    setup({ layoutOverride: MENU_LAYOUT.ImageGrid });
    expect(screen.queryByRole('textbox', { name: 'Notes' })).toBeNull();
  });

  it('limits notes to 50 characters, blocks Enter and turns pasted line breaks into spaces', () => {
    setup();
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveProperty('maxLength', 50);
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    notes.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    fireEvent.change(notes, { target: { value: `no onions\nplease${'x'.repeat(60)}` } });
    const value = (notes as HTMLTextAreaElement).value;
    expect(value.startsWith('no onions please')).toBe(true);
    expect(value).toHaveLength(50);
  });

  it('confirms the price with one request 300 ms after the last change and shows only the latest answer', async () => {
    vi.useFakeTimers();
    const answers: ((total: number) => void)[] = [];
    const fetcher = vi.fn<typeof fetch>(
      () =>
        new Promise<Response>((resolve) => {
          answers.push((total) => resolve(new Response(JSON.stringify({ total }), { status: 200 })));
        }),
    );
    setup({ fetcher });
    makeValid();
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(fetcher).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    const sent = fetcher.mock.calls[0]?.[1]?.body;
    const body = JSON.parse(typeof sent === 'string' ? sent : 'null') as Record<string, unknown>;
    expect(body).toMatchObject({ mode: 'menu', snapshotId: 7, itemPathKey: '1-2-10', quantity: 1 });

    // A newer selection while the first request is in flight: the first answer must not be shown.
    check('Aioli');
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect((fetcher.mock.calls[0]?.[1]?.signal as AbortSignal).aborted).toBe(true);
    await act(async () => {
      answers[1]?.(99.99);
    });
    expect(addButton().textContent).toContain('$99.99');
    await act(async () => {
      answers[0]?.(1.11);
    });
    expect(addButton().textContent).toContain('$99.99');
    expect(addButton().textContent).not.toContain('$1.11');

    // Quick changes inside the debounce window make no request at all.
    check('Onion');
    check('Onion');
    check('Onion');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe("the 'disable real-time pricing' flag (realTimePricing false)", () => {
  it("shows the shared function's price for every change and never asks /api/pricing", async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
    setup({ fetcher, realTimePricing: false });
    makeValid();
    // The burger $10 and its default drink $4.
    expect(addButton().textContent).toContain('$14.00');
    check('Aioli');
    // One sauce is included and Aioli was ticked first: Aioli is free, Ketchup adds its $0.25.
    check('Ketchup');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(addButton().textContent).toContain('$14.25');
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('substitutions (ordering spec section 8, 21008)', () => {
  it('says how many standard choices may be swapped and stops Add to Order at one swap too many', () => {
    const standard = (key: string, title: string) =>
      node(key, title, {
        price: 0,
        itemConfigurations: { displayOrder: 0, maxQuantity: 1, defaultQuantity: 1 },
      });
    const vegetables = group('1-2-20-65', 'Vegetables', { min: 0, max: 4 }, [
      standard('1-2-20-65-651', 'Broccoli'),
      standard('1-2-20-65-652', 'Pickled carrots'),
      node('1-2-20-65-653', 'Edamame', { price: 0 }),
      node('1-2-20-65-654', 'Cucumber', { price: 0 }),
    ]);
    const bowl = node('1-2-20', 'Teriyaki Bowl', {
      itemType: ITEM_TYPE.MenuItem,
      price: 12.49,
      children: [
        { ...vegetables, selectionAttribute: { minQty: 0, maxQty: 4, includedQty: 0, maxSubstitutions: 1 } },
      ],
    });
    render(
      <ItemCustomization
        item={bowl}
        snapshotId={7}
        locationId={3}
        menuType="menu"
        portionTitles={{}}
        allowNotes={false}
        edit={null}
        submit={vi.fn(async () => ok)}
        fetcher={vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined))}
      />,
    );
    const box = groupOf('Vegetables');
    expect(box.textContent).toContain('Select up to 4 (up to 1 substitution)');
    check('Broccoli');
    check('Edamame');
    expect(addButton().getAttribute('aria-disabled')).toBeNull();
    check('Pickled carrots');
    check('Cucumber');
    expect(box.textContent).toContain('Swap at most 1 of the standard choices');
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
  });
});

describe('reorder mode (pastItemId)', () => {
  it("starts from the past line's modifiers, quantity and note and adds it as a new line", async () => {
    const { submit } = setup({
      preselected: {
        quantity: 2,
        portionId: null,
        modifiers: [
          { itemPathKey: '1-2-10-40-402', quantity: 1, portionId: null },
          { itemPathKey: '1-2-10-42-421', quantity: 1, portionId: null },
          { itemPathKey: '1-2-10-42-423', quantity: 1, portionId: null },
        ],
        note: 'well done',
      },
    });
    expect(screen.getByRole('radio', { name: /Sourdough/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Onion/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Tomato/ })).toHaveProperty('checked', false);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveProperty('value', 'well done');
    expect(addButton()).toHaveProperty('disabled', false);
    await act(async () => {
      fireEvent.click(addButton());
    });
    expect(submit.mock.calls[0]?.[0]).toMatchObject({
      instanceId: null,
      quantity: 2,
      note: 'well done',
      modifiers: expect.arrayContaining([
        { itemPathKey: '1-2-10-40-402', quantity: 1, portionId: null },
        { itemPathKey: '1-2-10-42-423', quantity: 1, portionId: null },
      ]) as unknown,
    });
  });
});

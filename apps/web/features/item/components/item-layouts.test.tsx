import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ITEM_TYPE, MENU_LAYOUT, type MenuLayout } from '@storefront/contracts/enums';
import type { MenuNode, TransitionItem } from '@storefront/contracts/menu';
import { menuNode } from '@storefront/contracts/menu.fixtures';
import {
  ItemCustomization,
  type EditedLine,
  type ItemOptions,
  type ItemSubmission,
  type ItemSubmitResult,
} from './item-customization';

const push = vi.fn();
const replace = vi.fn();
const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, replace, refresh }) }));

type NodeOptions = Partial<MenuNode> & {
  price?: number;
  min?: number;
  max?: number;
  layout?: MenuLayout;
  image?: string;
  defaultQty?: number;
  maxQty?: number;
};

function node(itemPathKey: string, title: string, options: NodeOptions = {}): MenuNode {
  const { price, min, max, layout, image, defaultQty, maxQty, ...rest } = options;
  const isGroup = rest.itemType === ITEM_TYPE.Group;
  return menuNode({
    itemPathKey,
    title,
    displayAttribute: {
      itemTitle: title,
      shortDescription: null,
      description: null,
      imageFileId: image ?? null,
      hidden: false,
      webOrderingLayout: layout ?? MENU_LAYOUT.Standard,
      baseItemsPriceDisplay: 'ShowBasePrice',
    },
    itemType: ITEM_TYPE.Modifier,
    selectionAttribute: isGroup ? { minQty: min ?? 0, maxQty: max ?? 0, includedQty: 0 } : null,
    itemConfigurations: { displayOrder: 0, maxQuantity: maxQty ?? 1, defaultQuantity: defaultQty ?? 0 },
    priceAttribute: {
      priceType: 'BasePrice',
      prices: [{ portionTypeId: null, price: price ?? 0, default: true, isOutOfStock: false }],
      propagatePortionSelection: false,
    },
    ...rest,
  });
}

const group = (key: string, title: string, options: NodeOptions, children: MenuNode[]) =>
  node(key, title, { itemType: ITEM_TYPE.Group, ...options, children });

/** A burger with a radio group (standard), a checkbox grid (image grid, up to 2) and a condensed radio group. */
function burger(layouts: { cheese?: MenuLayout; toppings?: MenuLayout; drink?: MenuLayout } = {}): MenuNode {
  return node('1-10-101', 'Classic Burger', {
    itemType: ITEM_TYPE.MenuItem,
    price: 9.49,
    itemTransitions: {
      hasTransitions: true,
      title: 'Make it a combo',
      relations: [{ childItemId: 106, titleOverride: 'Classic Burger Combo' }],
    },
    children: [
      group('1-10-101-910', 'Cheese', { min: 1, max: 1, layout: layouts.cheese }, [
        node('1-10-101-910-9101', 'American', { defaultQty: 1 }),
        node('1-10-101-910-9103', 'Swiss', { price: 0.5 }),
      ]),
      group(
        '1-10-101-911',
        'Toppings',
        { min: 0, max: 2, layout: layouts.toppings ?? MENU_LAYOUT.ImageGrid },
        [
          node('1-10-101-911-9111', 'Lettuce', { price: 0.3, image: 'food-leafy-green' }),
          node('1-10-101-911-9112', 'Tomato', { price: 0.3, image: 'food-tomato' }),
          node('1-10-101-911-9115', 'Bacon', { price: 1.99, image: 'food-bacon', maxQty: 2 }),
        ],
      ),
      group('1-10-101-920', 'Drink', { min: 1, max: 1, layout: layouts.drink ?? MENU_LAYOUT.Condensed }, [
        node('1-10-101-920-9201', 'Cola', { defaultQty: 1 }),
        node('1-10-101-920-9202', 'Root beer', { price: 0.25 }),
      ]),
    ],
  });
}

/** Three levels: platter -> sauce -> heat, each required. */
function bundle(): MenuNode {
  const heat = group('1-10-107-955-9551-956-9561-957', 'Heat level', { min: 1, max: 1 }, [
    node('1-10-107-955-9551-956-9561-957-9571', 'Mild'),
    node('1-10-107-955-9551-956-9561-957-9573', 'Inferno', { price: 0.5 }),
  ]);
  const sauce = group('1-10-107-955-9551-956', 'Wing sauce', { min: 1, max: 1 }, [
    node('1-10-107-955-9551-956-9561', 'Buffalo', { children: [heat] }),
    node('1-10-107-955-9551-956-9563', 'Garlic parmesan', { price: 0.75 }),
  ]);
  return node('1-10-107', 'Game Day Bundle', {
    itemType: ITEM_TYPE.MenuItem,
    price: 29.99,
    children: [
      group('1-10-107-955', 'Choose a platter', { min: 1, max: 1 }, [
        node('1-10-107-955-9551', 'Wings platter', { children: [sauce] }),
        node('1-10-107-955-9552', 'Slider platter', { price: 4 }),
      ]),
    ],
  });
}

/** The combo the burger turns into: its burger choice carries the burger's own Cheese group (master id 910). */
function combo(): MenuNode {
  return node('1-10-106', 'Burger Combo', {
    itemType: ITEM_TYPE.MenuItem,
    price: 14.99,
    children: [
      group('1-10-106-950', 'Choose your burger', { min: 1, max: 1 }, [
        node('1-10-106-950-9501', 'Classic Burger', {
          defaultQty: 1,
          children: [
            group('1-10-106-950-9501-910', 'Cheese', { min: 1, max: 1 }, [
              node('1-10-106-950-9501-910-9101', 'American', { defaultQty: 1 }),
              node('1-10-106-950-9501-910-9103', 'Swiss', { price: 0.5 }),
            ]),
          ],
        }),
      ]),
    ],
  });
}

const ok: ItemSubmitResult = { ok: true, data: null };
const never = () => vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));

function setup(
  item: MenuNode,
  options: ItemOptions & { edit?: EditedLine | null; fetcher?: typeof fetch } = {},
) {
  const submit = vi.fn(async (_submission: ItemSubmission) => ok);
  render(
    <ItemCustomization
      item={item}
      snapshotId={7}
      locationId={1}
      menuType="menu"
      portionTitles={{}}
      allowNotes={false}
      edit={null}
      submit={submit}
      fetcher={never()}
      {...options}
    />,
  );
  return { submit };
}

const groupOf = (name: string) => screen.getByRole('group', { name });
const addButton = () => screen.getByRole('button', { name: /Add to Order/ });
const layoutOf = (name: string) => groupOf(name).querySelector('ul')?.getAttribute('data-layout');

beforeEach(() => {
  push.mockReset();
  replace.mockReset();
});
afterEach(cleanup);

describe('modifier layouts', () => {
  it("follows each group's webOrderingLayout, and the numeric layout override for every group", () => {
    setup(burger());
    expect(layoutOf('Cheese')).toBe('standard');
    expect(layoutOf('Toppings')).toBe('image-grid');
    expect(layoutOf('Drink')).toBe('condensed');
    cleanup();
    setup(burger(), { layoutOverride: MENU_LAYOUT.Condensed });
    expect([layoutOf('Cheese'), layoutOf('Toppings'), layoutOf('Drink')]).toEqual([
      'condensed',
      'condensed',
      'condensed',
    ]);
  });

  it.each([
    ['standard', MENU_LAYOUT.Standard],
    ['image grid', MENU_LAYOUT.ImageGrid],
    ['condensed', MENU_LAYOUT.Condensed],
  ] as const)('%s: a radio group replaces its choice and a checkbox group stops at maxQty', (_, layout) => {
    setup(burger({ cheese: layout, toppings: layout, drink: layout }));
    const cheese = groupOf('Cheese');
    expect(within(cheese).getAllByRole('radio')).toHaveLength(2);
    const american = within(cheese).getByRole('radio', { name: /American/ });
    const swiss = within(cheese).getByRole('radio', { name: /Swiss/ });
    expect(american).toHaveProperty('checked', true);
    fireEvent.click(swiss);
    expect(swiss).toHaveProperty('checked', true);
    expect(american).toHaveProperty('checked', false);

    const toppings = groupOf('Toppings');
    const lettuce = within(toppings).getByRole('checkbox', { name: /Lettuce/ });
    const tomato = within(toppings).getByRole('checkbox', { name: /Tomato/ });
    const bacon = within(toppings).getByRole('checkbox', { name: /Bacon/ });
    fireEvent.click(lettuce);
    fireEvent.click(tomato);
    expect(bacon).toHaveProperty('disabled', true);
    fireEvent.click(lettuce);
    expect(bacon).toHaveProperty('disabled', false);
    // 9.49 + Swiss 0.50 + Tomato 0.30
    expect(addButton().textContent).toContain('$10.29');
  });

  it('image grid: 192x144 tiles with the name and price, keyboard-focusable native inputs, selected state', () => {
    setup(burger());
    const toppings = groupOf('Toppings');
    const images = toppings.querySelectorAll('img');
    expect(images).toHaveLength(3);
    for (const img of images) {
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['192', '144']);
      expect(img.getAttribute('src')).toMatch(/width=192&height=144$/);
    }
    expect(within(toppings).getByText('+$1.99')).toBeTruthy();
    const bacon = within(toppings).getByRole('checkbox', { name: /Bacon/ });
    bacon.focus();
    expect(document.activeElement).toBe(bacon);
    expect(bacon.getAttribute('tabindex')).toBeNull();
    const tile = bacon.closest('li');
    expect(tile?.className).toContain('border-gray-200');
    fireEvent.click(bacon);
    expect(tile?.className).toContain('border-[var(--button)]');
    // maxQuantity 2: a quantity picker inside the tile
    const picker = within(toppings).getByRole('group', { name: 'Quantity of Bacon' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Increase quantity' }));
    expect(addButton().textContent).toContain(`$${(9.49 + 1.99 * 2).toFixed(2)}`);
  });

  it('condensed: compact rows with the group hint announced', () => {
    setup(burger());
    const drink = groupOf('Drink');
    const hintId = drink.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
    expect(document.getElementById(hintId)?.textContent).toBe('Select one option');
    fireEvent.click(within(drink).getByRole('radio', { name: /Root beer/ }));
    expect(within(drink).getByRole('radio', { name: /Root beer/ })).toHaveProperty('checked', true);
    expect(within(drink).getByRole('radio', { name: /Cola/ })).toHaveProperty('checked', false);
  });
});

describe('three levels of nesting', () => {
  it('opens a panel per level, Confirm needs each level valid, Back restores, and the price adds up', () => {
    setup(bundle());
    fireEvent.click(screen.getByRole('radio', { name: /Wings platter/ }));
    const level1 = screen.getByRole('region', { name: 'Wings platter' });
    expect(within(level1).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);

    fireEvent.click(within(level1).getByRole('radio', { name: /Buffalo/ }));
    const level2 = screen.getByRole('region', { name: 'Buffalo' });
    expect(document.activeElement?.textContent).toBe('Buffalo');
    const confirm2 = within(level2).getByRole('button', { name: 'Confirm' });
    expect(confirm2).toHaveProperty('disabled', true);
    // Back at level 2 undoes the Buffalo choice
    fireEvent.click(within(level2).getByRole('button', { name: 'Back' }));
    const again = screen.getByRole('region', { name: 'Wings platter' });
    expect(within(again).getByRole('radio', { name: /Buffalo/ })).toHaveProperty('checked', false);

    fireEvent.click(within(again).getByRole('radio', { name: /Buffalo/ }));
    const level2b = screen.getByRole('region', { name: 'Buffalo' });
    fireEvent.click(within(level2b).getByRole('radio', { name: /Inferno/ }));
    fireEvent.click(within(level2b).getByRole('button', { name: 'Confirm' }));
    const back1 = screen.getByRole('region', { name: 'Wings platter' });
    expect(within(back1).getByText('Inferno')).toBeTruthy();
    const confirm1 = within(back1).getByRole('button', { name: 'Confirm' });
    expect(confirm1).toHaveProperty('disabled', false);
    fireEvent.click(confirm1);

    expect(screen.getByText('Buffalo, Inferno')).toBeTruthy();
    expect(addButton()).toHaveProperty('disabled', false);
    expect(addButton().textContent).toContain('$30.49');
  });

  it('hideDefaultModifiers leaves default choices out of the summary line', () => {
    setup(combo(), { hideDefaultModifiers: true });
    expect(screen.queryByText('American')).toBeNull();
    cleanup();
    setup(combo());
    expect(screen.getByText('American')).toBeTruthy();
  });
});

describe('transitions', () => {
  const transition = (): TransitionItem => ({
    itemPathKey: '1-10-106',
    item: combo(),
    title: 'Classic Burger Combo',
  });

  it("offers 'Make it a combo +$5.50' first, and one press moves to the combo carrying compatible choices", async () => {
    setup(burger(), { transitions: { ok: true, items: [transition()] } });
    const offer = screen.getByRole('button', { name: 'Make it a combo +$5.50' });
    // Above the groups (under the title), saying what the combo is
    expect(offer.compareDocumentPosition(groupOf('Cheese')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Named by all it shows (no aria-label leaving visible text out), described by the combo's name and text
    expect(offer.getAttribute('aria-label')).toBeNull();
    expect(offer.textContent).toBe('Make it a combo +$5.50');
    const description = () =>
      document.getElementById(offer.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description()).toContain('Classic Burger Combo');
    // Swiss costs the same on the combo's burger; Bacon has no place on the combo: the difference says so
    fireEvent.click(screen.getByRole('radio', { name: /Swiss/ }));
    expect(screen.getByRole('button', { name: 'Make it a combo +$5.50' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Bacon/ }));
    // 14.99 + Swiss 0.50 over 9.49 + Swiss 0.50 + Bacon 1.99 (no included toppings here)
    expect(screen.getByRole('button', { name: 'Make it a combo +$3.51' })).toBe(offer);
    expect(description()).toContain('Not part of the combo: Bacon');
    fireEvent.click(screen.getByRole('checkbox', { name: /Bacon/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Make it a combo +$5.50' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    const url = new URL(String(push.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/1/menu/1-10-106');
    expect(url.searchParams.get('selection')?.split(',').sort()).toEqual([
      '1-10-106-950-9501-910-9103.1',
      '1-10-106-950-9501.1',
    ]);
  });

  it("with several items to turn into, offers the spec's 'Select One' chooser with a preview, then moves to the chosen one", async () => {
    const larger: TransitionItem = {
      itemPathKey: '1-10-107',
      item: { ...combo(), itemPathKey: '1-10-107', title: 'Large Combo' },
      title: 'Large Combo',
    };
    setup(burger(), { transitions: { ok: true, items: [transition(), larger] } });
    fireEvent.click(screen.getByRole('radio', { name: /Swiss/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Make it a combo' }));
    const dialog = screen.getByRole('dialog', { name: 'Select One' });
    const cont = within(dialog).getByRole('button', { name: 'Continue' });
    expect(cont).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Classic Burger Combo' }));
    const preview = within(dialog).getByRole('region', { name: 'Preview of Classic Burger Combo' });
    // 14.99 + the carried Swiss 0.50
    expect(within(preview).getByText('$15.49')).toBeTruthy();
    await act(async () => {
      fireEvent.click(cont);
    });
    const url = new URL(String(push.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/1/menu/1-10-106');
    expect(url.searchParams.get('selection')?.split(',').sort()).toEqual([
      '1-10-106-950-9501-910-9103.1',
      '1-10-106-950-9501.1',
    ]);
  });

  it("says 'Failed to fetch transition items' when the call failed", () => {
    setup(burger(), { transitions: { ok: false } });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch transition items');
    expect(screen.queryByRole('button', { name: 'Make it a combo' })).toBeNull();
  });

  it('starts from a carried selection and goes to /checkout after adding with next=checkout', async () => {
    const { submit } = setup(combo(), {
      carried: { quantities: { '1-10-106-950-9501': 1, '1-10-106-950-9501-910-9103': 1 }, quantity: 2 },
      next: 'checkout',
    });
    expect(addButton().textContent).toContain('$30.98');
    await act(async () => {
      fireEvent.click(addButton());
    });
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ quantity: 2 });
    expect(push).toHaveBeenCalledWith('/checkout');
  });
});

describe('transitions in edit mode', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const transition = (): TransitionItem => ({
    itemPathKey: '1-10-106',
    item: combo(),
    title: 'Classic Burger Combo',
  });
  /** The live-price route: the line as the combo costs 31.98 (the API's answer, not the local 30.98). */
  const pricing = () =>
    vi.fn<typeof fetch>(async (_input, init) => {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
        transitionItemPathKey?: string;
      };
      const total = body.transitionItemPathKey ? 31.98 : 18.98;
      return new Response(JSON.stringify({ total }), { status: 200 });
    });
  const sentBodies = (fetcher: ReturnType<typeof pricing>): unknown[] =>
    fetcher.mock.calls.map(([, init]): unknown =>
      JSON.parse(typeof init?.body === 'string' ? init.body : 'null'),
    );
  const burgerLine = {
    instanceId: 42,
    quantity: 2,
    portionId: null,
    modifiers: [
      { itemPathKey: '1-10-101-910-9101', quantity: 1, portionId: null },
      { itemPathKey: '1-10-101-920-9201', quantity: 1, portionId: null },
    ],
    note: 'No onions',
  };

  it("editing a line offers 'Make it a combo' at the line's price difference, and keeps editing that line", async () => {
    vi.useFakeTimers();
    const fetcher = pricing();
    setup(burger(), { edit: burgerLine, transitions: { ok: true, items: [transition()] }, fetcher });
    expect(screen.getByRole('button', { name: /Save Changes/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Swiss/ }));
    // At once the shared pricing function's figures: (14.99 + the carried Swiss 0.50) x 2 over (9.49 + 0.50) x 2
    expect(screen.getByRole('button', { name: 'Make it a combo +$5.50 each' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    // Then the order line priced as the combo (PUT .../items/42/pricings with transitionItemPathKey)
    expect(sentBodies(fetcher)).toContainEqual({
      mode: 'line',
      instanceId: 42,
      transitionItemPathKey: '1-10-106',
      quantity: 2,
      portionId: null,
      sequenceOfChanges: [
        { itemPathKey: '1-10-106-950-9501-910-9101', quantity: 0, operationType: 'remove' },
        { itemPathKey: '1-10-106-950-9501-910-9103', quantity: 1, operationType: 'update' },
      ],
    });
    // The API's answers: the line as the combo 31.98, as it is 18.98
    const offer = screen.getByRole('button', { name: 'Make it a combo +$6.50 each' });

    await act(async () => {
      fireEvent.click(offer);
    });
    const url = new URL(String(push.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/1/menu/1-10-106');
    expect(url.searchParams.get('instance')).toBe('42');
    expect(url.searchParams.get('quantity')).toBe('2');
    expect(url.searchParams.get('selection')?.split(',').sort()).toEqual([
      '1-10-106-950-9501-910-9103.1',
      '1-10-106-950-9501.1',
    ]);
  });

  it("on the combo's page, 'Save Changes' shows the line's price as the combo and saves the line as the combo", async () => {
    vi.useFakeTimers();
    const fetcher = pricing();
    const { submit } = setup(combo(), {
      edit: {
        instanceId: 42,
        quantity: 2,
        portionId: null,
        modifiers: [
          { itemPathKey: '1-10-106-950-9501', quantity: 1, portionId: null },
          { itemPathKey: '1-10-106-950-9501-910-9101', quantity: 1, portionId: null },
        ],
        note: 'No onions',
        transitionItemPathKey: '1-10-106',
      },
      carried: { quantities: { '1-10-106-950-9501': 1, '1-10-106-950-9501-910-9103': 1 }, quantity: 2 },
      fetcher,
    });
    expect(screen.queryByRole('button', { name: 'Make it a combo' })).toBeNull();
    expect(groupOf('Choose your burger').textContent).toContain('Swiss');
    const save = screen.getByRole('button', { name: /Save Changes/ });
    expect(save.textContent).toContain('$30.98');
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(sentBodies(fetcher)).toEqual([
      expect.objectContaining({
        mode: 'line',
        instanceId: 42,
        transitionItemPathKey: '1-10-106',
        quantity: 2,
      }),
    ]);
    expect(save.textContent).toContain('$31.98');

    await act(async () => {
      fireEvent.click(save);
    });
    expect(submit.mock.calls[0]?.[0]).toMatchObject({
      itemPathKey: '1-10-106',
      instanceId: 42,
      transitionItemPathKey: '1-10-106',
      quantity: 2,
      modifiers: [
        { itemPathKey: '1-10-106-950-9501', quantity: 1 },
        { itemPathKey: '1-10-106-950-9501-910-9103', quantity: 1 },
      ],
    });
    expect(push).toHaveBeenCalledWith('/1/menu');
  });
});

describe('add failures', () => {
  it('clears the cached item details on a refused customization and keeps the form on screen', async () => {
    const clearDetailsCache = vi.fn(async () => null);
    refresh.mockReset();
    render(
      <ItemCustomization
        item={burger()}
        snapshotId={7}
        locationId={1}
        menuType="menu"
        portionTitles={{}}
        allowNotes={false}
        edit={null}
        submit={async () => ({ ok: false, error: 'Invalid item', reason: 'customization' })}
        fetcher={never()}
        clearDetailsCache={clearDetailsCache}
      />,
    );
    await act(async () => {
      fireEvent.click(addButton());
    });
    expect(clearDetailsCache).toHaveBeenCalledWith({ snapshotId: 7, itemPathKey: '1-10-101' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog').textContent).toContain('Oops! An error occurred');
    // The details stay on screen behind the dialog (hidden from the accessibility tree while it is open)
    expect(screen.getByTestId('group-1-10-101-910')).toBeTruthy();
  });
});

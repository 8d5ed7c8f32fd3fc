/**
 * The demo menu of "Capital Kitchen" (and a small catering menu), published as one snapshot per location.
 * It shows every behaviour of the item page: portions (Small/Regular/Large), required and optional groups in the
 * three layouts, radio groups, a nested group (a combo side whose dipping sauce is a nested choice), included
 * quantities, default quantities, a combo transition, cross-sell triggers, out-of-stock items, modifiers and
 * portions, hidden items, an item without display data, calories and long descriptions.
 * The food-hall location also gets the categories of its other two brands.
 * Pictures are emoji from the fluent-emoji-flat set (MIT) rendered to PNG with sharp (pictures.ts: the dish's
 * emoji, with accents such as the bacon of a bacon burger).
 */
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { icons } from '@iconify-json/fluent-emoji-flat';
import { getIconData, iconToHTML, iconToSVG, replaceIDs } from '@iconify/utils';
import {
  FULFILLMENT_METHOD,
  ITEM_TYPE,
  MENU_LAYOUT,
  type FulfillmentMethod,
  type MenuLayout,
  type PriceDisplay,
} from '@storefront/contracts/enums';
import { joinItemPathKey } from '@storefront/contracts/menu';
import { dollarsToCents } from '@storefront/contracts/money';
import type { Db } from '../client';
import {
  images,
  locationMenus,
  menuSnapshotNodes,
  menuSnapshots,
  menus,
  portions,
  type StoredMenuNode,
} from '../schema/menus';
import { brands, locationBrands, locations } from '../schema/locations';
import { DEMO_BRANDS } from './locations';
import { PICTURE_HEIGHT, PICTURE_WIDTH, renderDishPicture } from './pictures';

export const PORTION = { Small: 1, Regular: 2, Large: 3 } as const;

interface ModDef {
  id: number;
  title: string;
  price?: number;
  prices?: [portionId: number, price: number][];
  defaultQty?: number;
  maxQty?: number;
  out?: boolean;
  image?: string;
  calories?: number;
  groups?: GroupDef[];
}
interface GroupDef {
  id: number;
  title: string;
  min: number;
  max: number;
  included?: number;
  /** How many default choices may be swapped for others (selectionAttribute.maxSubstitutions). */
  substitutions?: number;
  layout?: MenuLayout;
  mods: ModDef[];
}
interface ItemDef {
  id: number;
  title: string;
  description?: string;
  short?: string;
  image?: string;
  price?: number;
  /** [portionId, price, outOfStock?]; the first Regular (else the first) is the default. */
  portions?: [number, number, boolean?][];
  propagate?: boolean;
  groups?: GroupDef[];
  out?: boolean;
  hidden?: boolean;
  noDisplay?: boolean;
  calories?: number;
  caloriesText?: string;
  transitions?: { title: string; to: [number, string | null][] };
  crossSell?: 'AddItem' | 'Checkout' | 'Both';
  /** Only these fulfilment methods (absent = every method). */
  methods?: FulfillmentMethod[];
  /** How the item card shows its price (default ShowBasePrice). */
  priceDisplay?: PriceDisplay;
}
interface CategoryDef {
  id: number;
  title: string;
  description?: string;
  brandId?: number;
  /** How the category's item cards are drawn (default Standard). */
  layout?: MenuLayout;
  items: ItemDef[];
}

const cheese: GroupDef = {
  id: 910,
  title: 'Cheese',
  min: 1,
  max: 1,
  mods: [
    { id: 9101, title: 'American', defaultQty: 1 },
    { id: 9102, title: 'Sharp cheddar' },
    { id: 9103, title: 'Swiss', price: 0.5 },
    { id: 9104, title: 'Pepper jack', price: 0.5 },
    { id: 9105, title: 'No cheese' },
  ],
};
const burgerToppings: GroupDef = {
  id: 911,
  title: 'Toppings',
  min: 0,
  max: 5,
  included: 2,
  layout: MENU_LAYOUT.ImageGrid,
  mods: [
    { id: 9111, title: 'Lettuce', price: 0.3, image: 'leafy-green' },
    { id: 9112, title: 'Tomato', price: 0.3, image: 'tomato' },
    { id: 9113, title: 'Grilled onion', price: 0.3, image: 'onion' },
    { id: 9114, title: 'Mushrooms', price: 0.75, image: 'mushroom' },
    { id: 9115, title: 'Bacon', price: 1.99, maxQty: 2, image: 'bacon' },
    { id: 9116, title: 'Avocado', price: 1.5, image: 'avocado' },
    { id: 9117, title: 'Fried egg', price: 1.25, image: 'cooking' },
    { id: 9118, title: 'Jalapeños', price: 0.5, out: true, image: 'hot-pepper' },
  ],
};
const dippingSauce = (id: number): GroupDef => ({
  id,
  title: 'Dipping sauce',
  min: 1,
  max: 1,
  mods: [
    { id: id * 10 + 1, title: 'Ketchup', defaultQty: 1 },
    { id: id * 10 + 2, title: 'Chipotle mayo', price: 0.5 },
    { id: id * 10 + 3, title: 'Truffle aioli', price: 0.75 },
  ],
});
const fountainFlavor: GroupDef = {
  id: 920,
  title: 'Flavor',
  min: 1,
  max: 1,
  layout: MENU_LAYOUT.Condensed,
  mods: [
    { id: 9201, title: 'Cola', defaultQty: 1 },
    { id: 9202, title: 'Diet cola' },
    { id: 9203, title: 'Lemon-lime' },
    { id: 9204, title: 'Root beer' },
    { id: 9205, title: 'Orange soda', out: true },
  ],
};
const dressing: GroupDef = {
  id: 930,
  title: 'Dressing',
  min: 1,
  max: 1,
  mods: [
    { id: 9301, title: 'Ranch' },
    { id: 9302, title: 'Balsamic vinaigrette' },
    { id: 9303, title: 'Lemon tahini' },
  ],
};

const MAIN_MENU: CategoryDef[] = [
  {
    id: 10,
    title: 'Burgers',
    description: 'Smashed to order on a hot griddle, on toasted potato buns.',
    items: [
      {
        id: 101,
        title: 'Classic Burger',
        short: 'Our house smash burger.',
        description:
          'Two thin beef patties smashed on a screaming-hot griddle for a crisp, lacy crust, melted cheese, ' +
          'house pickles, shredded lettuce and Capital sauce on a toasted potato bun. Add toppings to make it ' +
          'yours: the first two are on us. Every burger is cooked through and assembled the moment you order, ' +
          'so it may take a few extra minutes at busy times.',
        image: 'hamburger',
        price: 9.49,
        calories: 690,
        groups: [cheese, burgerToppings],
        transitions: { title: 'Make it a combo', to: [[106, 'Classic Burger Combo']] },
      },
      {
        id: 102,
        title: 'Double Bacon Smash',
        description: 'Two patties, double cheese, thick-cut applewood bacon and grilled onions.',
        image: 'hamburger--bacon',
        price: 12.99,
        calories: 1040,
        groups: [cheese, burgerToppings],
        crossSell: 'Both',
      },
      {
        id: 103,
        title: 'Crispy Chicken Sandwich',
        description: 'Buttermilk-brined chicken thigh, slaw and pickles on a brioche bun.',
        image: 'sandwich--poultry-leg',
        price: 10.49,
        calories: 780,
        groups: [
          {
            id: 940,
            title: 'Spice level',
            min: 1,
            max: 1,
            mods: [
              { id: 9401, title: 'Mild', defaultQty: 1 },
              { id: 9402, title: 'Hot' },
              { id: 9403, title: 'Nashville hot', price: 0.5 },
            ],
          },
          burgerToppings,
        ],
        crossSell: 'AddItem',
      },
      {
        id: 104,
        title: 'Garden Veggie Burger',
        description: 'A black bean and roasted vegetable patty with avocado and tomato.',
        image: 'hamburger--leafy-green',
        price: 10.99,
        calories: 560,
        groups: [cheese, burgerToppings],
      },
      {
        id: 105,
        title: 'Mushroom Swiss Burger',
        description: 'Sautéed mushrooms and melted Swiss. Back soon.',
        image: 'hamburger--mushroom',
        price: 11.49,
        calories: 820,
        out: true,
      },
      {
        id: 106,
        title: 'Burger Combo',
        description:
          'A burger, a side with a dipping sauce and a fountain drink. Large sizes up the side and drink.',
        image: 'hamburger--french-fries--cup-with-straw',
        portions: [
          [PORTION.Regular, 14.99],
          [PORTION.Large, 16.99],
        ],
        propagate: true,
        calories: 1250,
        caloriesText: '1100-1600',
        groups: [
          {
            id: 950,
            title: 'Choose your burger',
            min: 1,
            max: 1,
            mods: [
              // The burgers keep their own cheese and toppings (the same groups as on their own), so 'Make it a
              // combo' carries the toppings already ticked (issue 37) as it carries the cheese.
              { id: 9501, title: 'Classic Burger', defaultQty: 1, groups: [cheese, burgerToppings] },
              { id: 9502, title: 'Double Bacon Smash', price: 3, groups: [cheese, burgerToppings] },
              { id: 9503, title: 'Crispy Chicken Sandwich', price: 1, groups: [burgerToppings] },
            ],
          },
          {
            id: 951,
            title: 'Choose a side',
            min: 1,
            max: 1,
            mods: [
              { id: 9511, title: 'Fries', groups: [dippingSauce(952)] },
              { id: 9512, title: 'Onion rings', price: 1, groups: [dippingSauce(953)] },
              { id: 9513, title: 'Side salad', groups: [dressing] },
            ],
          },
          {
            id: 954,
            title: 'Choose a drink',
            min: 1,
            max: 1,
            layout: MENU_LAYOUT.Condensed,
            mods: [
              {
                id: 9541,
                title: 'Fountain soda',
                prices: [
                  [PORTION.Regular, 0],
                  [PORTION.Large, 0.5],
                ],
              },
              {
                id: 9542,
                title: 'Fresh lemonade',
                prices: [
                  [PORTION.Regular, 1],
                  [PORTION.Large, 1.5],
                ],
              },
              { id: 9543, title: 'Bottled water' },
            ],
          },
        ],
      },
      {
        // Three levels of nesting: platter -> wing sauce -> heat level, each a required choice.
        id: 107,
        title: 'Game Day Bundle',
        description: 'A platter for the table: wings with the sauce and heat you pick, or a tray of sliders.',
        image: 'poultry-leg--hamburger',
        price: 29.99,
        calories: 2400,
        groups: [
          {
            id: 955,
            title: 'Choose a platter',
            min: 1,
            max: 1,
            mods: [
              {
                id: 9551,
                title: 'Wings platter',
                groups: [
                  {
                    id: 956,
                    title: 'Wing sauce',
                    min: 1,
                    max: 1,
                    mods: [
                      {
                        id: 9561,
                        title: 'Buffalo',
                        groups: [
                          {
                            id: 957,
                            title: 'Heat level',
                            min: 1,
                            max: 1,
                            mods: [
                              { id: 9571, title: 'Mild' },
                              { id: 9572, title: 'Hot' },
                              { id: 9573, title: 'Inferno', price: 0.5 },
                            ],
                          },
                        ],
                      },
                      { id: 9562, title: 'Honey BBQ' },
                      { id: 9563, title: 'Garlic parmesan', price: 0.75 },
                    ],
                  },
                ],
              },
              { id: 9552, title: 'Slider platter', price: 4, groups: [cheese] },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 20,
    title: 'Bowls',
    description: 'Grain and greens bowls, built your way.',
    layout: MENU_LAYOUT.ImageGrid,
    items: [
      {
        id: 201,
        title: 'Build-Your-Own Bowl',
        short: 'Pick a base, proteins, toppings and sauces.',
        description:
          'Start with a warm base, add one or two proteins, pile on toppings (three are included) and finish ' +
          'with as many house sauces as you like. Large bowls come with about half again as much of everything. ' +
          'Everything is prepared fresh each morning in our kitchen, and our grains are cooked in small batches ' +
          'through the day.',
        image: 'green-salad--cooked-rice',
        portions: [
          [PORTION.Regular, 11.49],
          [PORTION.Large, 13.99],
        ],
        calories: 720,
        caloriesText: '550-1100',
        priceDisplay: 'RollupChildItemPricing',
        groups: [
          {
            id: 960,
            title: 'Base',
            min: 1,
            max: 1,
            mods: [
              { id: 9601, title: 'White rice', image: 'cooked-rice' },
              { id: 9602, title: 'Brown rice', image: 'cooked-rice' },
              { id: 9603, title: 'Mixed greens', image: 'leafy-green' },
              { id: 9604, title: 'Quinoa', price: 0.75, image: 'sheaf-of-rice' },
            ],
          },
          {
            id: 961,
            title: 'Protein',
            min: 1,
            max: 2,
            mods: [
              { id: 9611, title: 'Grilled chicken', image: 'poultry-leg' },
              { id: 9612, title: 'Steak', price: 2, image: 'cut-of-meat' },
              { id: 9613, title: 'Crispy tofu', image: 'falafel' },
              { id: 9614, title: 'Salmon', price: 3, image: 'fish' },
            ],
          },
          {
            id: 962,
            title: 'Toppings',
            min: 0,
            max: 6,
            included: 3,
            layout: MENU_LAYOUT.ImageGrid,
            mods: [
              { id: 9621, title: 'Roasted corn', price: 0.5, image: 'ear-of-corn' },
              { id: 9622, title: 'Cucumber', price: 0.5, image: 'cucumber' },
              { id: 9623, title: 'Pico de gallo', price: 0.5, image: 'tomato' },
              { id: 9624, title: 'Broccoli', price: 0.5, image: 'broccoli' },
              { id: 9625, title: 'Soft egg', price: 1, image: 'egg' },
              { id: 9626, title: 'Avocado', price: 1.5, image: 'avocado' },
            ],
          },
          {
            id: 963,
            title: 'Sauces',
            min: 1,
            max: 0,
            mods: [
              { id: 9631, title: 'Green goddess', defaultQty: 1 },
              { id: 9632, title: 'Sesame ginger' },
              { id: 9633, title: 'Chipotle lime' },
              { id: 9634, title: 'Extra sauce cup', price: 0.5, maxQty: 3 },
            ],
          },
        ],
      },
      {
        id: 202,
        title: 'Teriyaki Chicken Bowl',
        description: 'Glazed chicken thigh, jasmine rice, broccoli, pickled carrots and sesame.',
        image: 'curry-rice--poultry-leg',
        portions: [
          [PORTION.Regular, 12.49],
          [PORTION.Large, 14.99],
        ],
        calories: 810,
        groups: [
          {
            // The bowl's own vegetables: one of them may be swapped for another (ordering spec section 8, 21008).
            id: 965,
            title: 'Vegetables',
            min: 0,
            max: 4,
            substitutions: 1,
            mods: [
              { id: 9651, title: 'Broccoli', defaultQty: 1 },
              { id: 9652, title: 'Pickled carrots', defaultQty: 1 },
              { id: 9653, title: 'Edamame' },
              { id: 9654, title: 'Cucumber' },
            ],
          },
          {
            id: 964,
            title: 'Extras',
            min: 0,
            max: 3,
            mods: [
              { id: 9641, title: 'Extra chicken', price: 3.5 },
              { id: 9642, title: 'Soft egg', price: 1 },
              { id: 9643, title: 'Avocado', price: 1.5 },
            ],
          },
        ],
      },
      {
        id: 203,
        title: 'Mediterranean Bowl',
        description: 'Seasonal: falafel, hummus, tabbouleh. Hidden until spring.',
        image: 'green-salad--falafel',
        price: 12.99,
        hidden: true,
      },
      {
        id: 204,
        title: 'Salmon Poke Bowl',
        description: 'Sushi-grade salmon, rice, cucumber, edamame and ponzu.',
        image: 'cooked-rice--sushi',
        price: 15.49,
        calories: 640,
        out: true,
      },
    ],
  },
  {
    id: 30,
    title: 'Sides',
    items: [
      {
        id: 301,
        title: 'Fries',
        description: 'Hand-cut russet fries, fried twice.',
        image: 'french-fries',
        portions: [
          [PORTION.Small, 2.99],
          [PORTION.Regular, 3.99],
          [PORTION.Large, 4.99],
        ],
        calories: 420,
        caloriesText: '320-610',
        priceDisplay: 'RollupChildItemPricing',
        groups: [
          {
            id: 970,
            title: 'Seasoning',
            min: 0,
            max: 1,
            mods: [
              { id: 9701, title: 'Sea salt', defaultQty: 1 },
              { id: 9702, title: 'Cajun' },
              { id: 9703, title: 'Truffle parmesan', price: 1.5 },
            ],
          },
          {
            id: 971,
            title: 'Dips',
            min: 0,
            max: 3,
            included: 1,
            mods: [
              { id: 9711, title: 'Ketchup' },
              { id: 9712, title: 'Ranch', price: 0.5 },
              { id: 9713, title: 'Chipotle mayo', price: 0.5 },
            ],
          },
        ],
        crossSell: 'Checkout',
      },
      {
        id: 302,
        title: 'Sweet Potato Fries',
        description: 'With a maple-chipotle dip.',
        image: 'french-fries--roasted-sweet-potato',
        portions: [
          [PORTION.Regular, 4.49],
          [PORTION.Large, 5.49],
        ],
        calories: 460,
      },
      {
        id: 303,
        title: 'Onion Rings',
        description: 'Beer-battered.',
        image: 'onion-rings',
        price: 4.99,
        calories: 480,
      },
      {
        id: 304,
        title: 'Mac & Cheese',
        description: 'Three cheeses and a crunchy crumb top.',
        image: 'mac-and-cheese',
        portions: [
          [PORTION.Small, 3.99],
          [PORTION.Regular, 5.49],
          [PORTION.Large, 7.49, true],
        ],
        calories: 530,
      },
      {
        id: 305,
        title: 'Side Salad',
        description: 'Greens, cucumber, tomato and radish.',
        image: 'green-salad',
        price: 4.49,
        calories: 150,
        groups: [dressing],
        priceDisplay: 'HideBasePrice',
      },
    ],
  },
  {
    id: 40,
    title: 'Drinks',
    layout: MENU_LAYOUT.Condensed,
    items: [
      {
        id: 401,
        title: 'Fountain Soda',
        image: 'cup-with-straw',
        portions: [
          [PORTION.Small, 1.99],
          [PORTION.Regular, 2.49],
          [PORTION.Large, 2.99],
        ],
        calories: 200,
        caloriesText: '0-310',
        groups: [fountainFlavor],
      },
      {
        id: 402,
        title: 'Fresh Lemonade',
        description: 'Squeezed every morning.',
        image: 'cup-with-straw--lemon',
        price: 3.49,
        calories: 180,
        groups: [
          {
            id: 980,
            title: 'Flavor',
            min: 0,
            max: 1,
            mods: [
              { id: 9801, title: 'Strawberry', price: 0.5, image: 'strawberry' },
              { id: 9802, title: 'Mint', price: 0.5, image: 'leafy-green' },
            ],
          },
        ],
      },
      {
        id: 403,
        title: 'Iced Tea',
        description: 'Unsweetened black tea.',
        image: 'tumbler-glass--lemon',
        price: 2.79,
        calories: 5,
      },
      // Bottled water has no display data: it exists for combos and the register, not the web menu.
      { id: 404, title: 'Bottled Water', price: 1.99, noDisplay: true },
      {
        id: 405,
        title: 'Cold Brew',
        description: 'Steeped for 18 hours.',
        image: 'iced-coffee',
        price: 4.25,
        calories: 10,
        groups: [
          {
            id: 981,
            title: 'Milk',
            min: 0,
            max: 1,
            mods: [
              { id: 9811, title: 'Whole milk' },
              { id: 9812, title: 'Oat milk', price: 0.75 },
            ],
          },
          {
            id: 982,
            title: 'Sweetener',
            min: 0,
            max: 3,
            mods: [{ id: 9821, title: 'Vanilla syrup pump', price: 0.5, maxQty: 3 }],
          },
        ],
      },
    ],
  },
  {
    id: 50,
    title: 'Desserts',
    items: [
      {
        id: 501,
        title: 'Chocolate Chip Cookie',
        description: 'Brown butter, dark chocolate, flaky salt.',
        image: 'cookie',
        price: 2.49,
        calories: 310,
      },
      {
        id: 502,
        title: 'Milkshake',
        description: 'Hand-spun with vanilla custard.',
        image: 'milkshake',
        portions: [
          [PORTION.Regular, 5.99],
          [PORTION.Large, 6.99],
        ],
        calories: 760,
        groups: [
          {
            id: 990,
            title: 'Flavor',
            min: 1,
            max: 1,
            mods: [
              { id: 9901, title: 'Vanilla' },
              { id: 9902, title: 'Chocolate' },
              { id: 9903, title: 'Strawberry' },
            ],
          },
          {
            id: 991,
            title: 'Toppings',
            min: 0,
            max: 3,
            mods: [
              { id: 9911, title: 'Whipped cream', defaultQty: 1 },
              { id: 9912, title: 'Sprinkles', price: 0.5 },
              { id: 9913, title: 'Cherry', price: 0.25, image: 'cherries' },
            ],
          },
        ],
      },
      {
        id: 503,
        title: 'Brownie Sundae',
        description:
          'Warm brownie, vanilla ice cream, fudge. Pickup and dine-in only: it would melt on the way.',
        // The demo item limited to some methods: switching an order with it to Delivery removes it
        // ('Your order will change').
        methods: [FULFILLMENT_METHOD.Pickup, FULFILLMENT_METHOD.DineIn],
        image: 'ice-cream',
        price: 6.49,
        calories: 890,
      },
      {
        id: 504,
        title: 'Key Lime Pie',
        description: 'Coming this summer.',
        image: 'pie',
        price: 5.49,
        hidden: true,
      },
    ],
  },
  {
    id: 60,
    title: 'Noodles',
    brandId: DEMO_BRANDS.potomacNoodleBar,
    items: [
      {
        id: 601,
        title: 'Spicy Dan Dan Noodles',
        description: 'Sichuan pork, chili oil, peanuts.',
        image: 'steaming-bowl--hot-pepper',
        price: 13.5,
        calories: 890,
      },
      {
        id: 602,
        title: 'Vegetable Ramen',
        description: 'Miso broth, corn, bok choy, soft egg.',
        image: 'steaming-bowl--broccoli',
        price: 12.5,
        calories: 640,
      },
    ],
  },
  {
    id: 70,
    title: 'Tacos',
    brandId: DEMO_BRANDS.chesapeakeTacos,
    items: [
      {
        id: 701,
        title: 'Crab Taco',
        description: 'Old Bay crab, slaw, lime crema.',
        image: 'taco',
        price: 6.5,
        calories: 310,
      },
      {
        id: 702,
        title: 'Fried Shrimp Taco',
        description: 'Crispy shrimp, pickled onion.',
        image: 'taco--fried-shrimp',
        price: 5.5,
        calories: 290,
      },
    ],
  },
];

const CATERING_MENU: CategoryDef[] = [
  {
    id: 110,
    title: 'Boxed Meals',
    items: [
      {
        id: 1101,
        title: 'Burger Box for 10',
        description: 'Ten Classic Burgers, fries and cookies, individually boxed.',
        image: 'hamburger--french-fries',
        price: 149,
        groups: [{ ...cheese, title: 'Cheese for all burgers' }],
      },
      {
        id: 1102,
        title: 'Bowl Bar for 10',
        description: 'A self-serve bowl bar with two proteins, bases, toppings and sauces.',
        image: 'green-salad--poultry-leg',
        price: 169,
        groups: [
          {
            id: 1160,
            title: 'Proteins',
            min: 2,
            max: 2,
            mods: [
              { id: 11601, title: 'Grilled chicken' },
              { id: 11602, title: 'Steak', price: 20 },
              { id: 11603, title: 'Crispy tofu' },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 120,
    title: 'Platters',
    items: [
      {
        id: 1201,
        title: 'Cookie Platter (24)',
        description: 'Two dozen cookies.',
        image: 'cookie',
        price: 36,
      },
      {
        id: 1202,
        title: 'Lemonade Jug (1 gallon)',
        description: 'Serves 10.',
        image: 'cup-with-straw--lemon',
        price: 24,
      },
    ],
  },
];

// ------------------------------------------------------------------------------------------------------------
// Pictures

const BACKGROUNDS = ['#FFF1E6', '#FDF6E3', '#EEF7EE', '#FCEFF1', '#EEF3FB'];

function pictureNames(categories: readonly CategoryDef[]): string[] {
  const names = new Set<string>();
  const visitMods = (groups: readonly GroupDef[] | undefined) => {
    for (const g of groups ?? []) {
      for (const m of g.mods) {
        if (m.image) names.add(m.image);
        visitMods(m.groups);
      }
    }
  };
  for (const c of categories) {
    for (const item of c.items) {
      if (item.image) names.add(item.image);
      visitMods(item.groups);
    }
  }
  return [...names].sort();
}

let pictures: Promise<Map<string, Buffer>> | null = null;
/** Rendered once per process (tests seed many databases). */
function renderPictures(): Promise<Map<string, Buffer>> {
  pictures ??= (async () => {
    const names = pictureNames([...MAIN_MENU, ...CATERING_MENU]);
    const rendered = await Promise.all(
      names.map((name, i) => renderDishPicture(name, BACKGROUNDS[i % BACKGROUNDS.length] ?? '#FFFFFF')),
    );
    return new Map(names.map((name, i) => [name, rendered[i] ?? Buffer.alloc(0)]));
  })();
  return pictures;
}

export const imageIdOf = (emoji: string) => `food-${emoji}`;

/** Each demo item's picture name by its title (main and catering menus), for the pictures' test. */
export function demoItemPictures(): Map<string, string | undefined> {
  return new Map([...MAIN_MENU, ...CATERING_MENU].flatMap((c) => c.items.map((i) => [i.title, i.image])));
}

/** Every picture name of the demo menus (items and modifiers). */
export const demoPictureNames = () => pictureNames([...MAIN_MENU, ...CATERING_MENU]);

/** Brand logos for the brand filter: an emoji on the brand's colour, square. */
const BRAND_LOGOS: { brandId: number; emoji: string; background: string }[] = [
  { brandId: DEMO_BRANDS.capitalKitchen, emoji: 'hamburger', background: '#FBE3E3' },
  { brandId: DEMO_BRANDS.potomacNoodleBar, emoji: 'steaming-bowl', background: '#DCE8F6' },
  { brandId: DEMO_BRANDS.chesapeakeTacos, emoji: 'taco', background: '#F6E7D6' },
];
const LOGO_SIZE = 384;
export const brandLogoIdOf = (brandId: number) => `brand-logo-${brandId}`;

async function renderLogo(emoji: string, background: string): Promise<Buffer> {
  const data = getIconData(icons, emoji);
  if (!data) throw new Error(`Unknown emoji picture '${emoji}'`);
  const svg = iconToSVG(data, { height: 280 });
  const markup = iconToHTML(replaceIDs(svg.body), svg.attributes);
  return sharp({ create: { width: LOGO_SIZE, height: LOGO_SIZE, channels: 4, background } })
    .composite([{ input: Buffer.from(markup), gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

let logos: Promise<Buffer[]> | null = null;
function renderLogos(): Promise<Buffer[]> {
  logos ??= Promise.all(BRAND_LOGOS.map((l) => renderLogo(l.emoji, l.background)));
  return logos;
}

// ------------------------------------------------------------------------------------------------------------
// Nodes

interface NodeRow {
  itemPathKey: string;
  parentPathKey: string | null;
  position: number;
  node: StoredMenuNode;
}

function baseNode(
  key: string,
  id: number,
  title: string,
  itemType: number,
  position: number,
): StoredMenuNode {
  return {
    itemPathKey: key,
    itemMasterId: id,
    title,
    displayAttribute: null,
    isOutOfStock: false,
    itemType,
    selectionAttribute: null,
    itemConfigurations: { displayOrder: position, maxQuantity: 0, defaultQuantity: 0 },
    priceAttribute: null,
    operationalAttribute: { promptForModifiers: false },
    itemTransitions: null,
    brandIds: [],
    isCrossSellTrigger: false,
    crossSellTriggerMode: null,
    nutritionInfo: null,
  };
}

function display(
  title: string,
  layout: MenuLayout,
  extra: Partial<NonNullable<StoredMenuNode['displayAttribute']>> = {},
) {
  return {
    itemTitle: title,
    shortDescription: null,
    description: null,
    imageFileId: null,
    hidden: false,
    webOrderingLayout: layout,
    baseItemsPriceDisplay: 'ShowBasePrice' as const,
    ...extra,
  };
}

function priceAttribute(
  price: number | undefined,
  portionList: readonly (readonly [number, number, boolean?])[] | undefined,
  propagate = false,
): StoredMenuNode['priceAttribute'] {
  if (portionList && portionList.length > 0) {
    const defaultId = portionList.find(([p]) => p === PORTION.Regular)?.[0] ?? portionList[0]?.[0];
    return {
      priceType: 'Portions',
      propagatePortionSelection: propagate,
      prices: portionList.map(([portionTypeId, dollars, out]) => ({
        portionTypeId,
        priceCents: dollarsToCents(dollars),
        default: portionTypeId === defaultId,
        isOutOfStock: out ?? false,
      })),
    };
  }
  return {
    priceType: 'BasePrice',
    propagatePortionSelection: false,
    prices: [
      { portionTypeId: null, priceCents: dollarsToCents(price ?? 0), default: true, isOutOfStock: false },
    ],
  };
}

function groupRows(parentKey: string, groups: readonly GroupDef[], brandIds: number[], out: NodeRow[]) {
  groups.forEach((g, gi) => {
    const key = `${parentKey}-${g.id}`;
    const node = baseNode(key, g.id, g.title, ITEM_TYPE.Group, gi);
    node.displayAttribute = display(g.title, g.layout ?? MENU_LAYOUT.Standard);
    node.selectionAttribute = {
      minQty: g.min,
      maxQty: g.max,
      includedQty: g.included ?? 0,
      ...(g.substitutions === undefined ? {} : { maxSubstitutions: g.substitutions }),
    };
    node.brandIds = brandIds;
    out.push({ itemPathKey: key, parentPathKey: parentKey, position: out.length, node });
    g.mods.forEach((m, mi) => {
      const modKey = `${key}-${m.id}`;
      const mod = baseNode(modKey, m.id, m.title, ITEM_TYPE.Modifier, mi);
      mod.displayAttribute = display(m.title, g.layout ?? MENU_LAYOUT.Standard, {
        imageFileId: m.image ? imageIdOf(m.image) : null,
      });
      mod.isOutOfStock = m.out ?? false;
      mod.itemConfigurations = {
        displayOrder: mi,
        maxQuantity: m.maxQty ?? 1,
        defaultQuantity: m.defaultQty ?? 0,
      };
      mod.priceAttribute = priceAttribute(m.price, m.prices);
      mod.nutritionInfo =
        m.calories === undefined ? null : { defaultCalories: m.calories, calories: String(m.calories) };
      mod.brandIds = brandIds;
      out.push({ itemPathKey: modKey, parentPathKey: key, position: out.length, node: mod });
      if (m.groups) groupRows(modKey, m.groups, brandIds, out);
    });
  });
}

/** Every node row of a menu for one location (categories of brands the location does not serve are left out). */
function menuRows(
  menuId: number,
  categories: readonly CategoryDef[],
  locationBrandIds: readonly number[],
): NodeRow[] {
  const out: NodeRow[] = [];
  const menuKey = String(menuId);
  categories.forEach((c, ci) => {
    const brandId = c.brandId ?? DEMO_BRANDS.capitalKitchen;
    if (c.brandId !== undefined && !locationBrandIds.includes(c.brandId)) return;
    const brandIds = [brandId];
    const categoryKey = joinItemPathKey([menuId, c.id]);
    const category = baseNode(categoryKey, c.id, c.title, ITEM_TYPE.Category, ci);
    category.displayAttribute = display(c.title, c.layout ?? MENU_LAYOUT.Standard, {
      description: c.description ?? null,
    });
    category.brandIds = brandIds;
    out.push({ itemPathKey: categoryKey, parentPathKey: menuKey, position: out.length, node: category });
    c.items.forEach((item, ii) => {
      const key = `${categoryKey}-${item.id}`;
      const node = baseNode(key, item.id, item.title, ITEM_TYPE.MenuItem, ii);
      node.displayAttribute = item.noDisplay
        ? null
        : display(item.title, c.layout ?? MENU_LAYOUT.Standard, {
            baseItemsPriceDisplay: item.priceDisplay ?? 'ShowBasePrice',
            shortDescription: item.short ?? null,
            description: item.description ?? null,
            imageFileId: item.image ? imageIdOf(item.image) : null,
            hidden: item.hidden ?? false,
          });
      node.isOutOfStock = item.out ?? false;
      node.itemConfigurations = { displayOrder: ii, maxQuantity: 20, defaultQuantity: 1 };
      node.priceAttribute = priceAttribute(item.price, item.portions, item.propagate);
      node.operationalAttribute = { promptForModifiers: (item.groups ?? []).some((g) => g.min > 0) };
      node.nutritionInfo =
        item.calories === undefined
          ? null
          : { defaultCalories: item.calories, calories: item.caloriesText ?? String(item.calories) };
      node.itemTransitions = item.transitions
        ? {
            hasTransitions: true,
            title: item.transitions.title,
            relations: item.transitions.to.map(([childItemId, titleOverride]) => ({
              childItemId,
              titleOverride,
            })),
          }
        : null;
      node.isCrossSellTrigger = item.crossSell !== undefined;
      node.crossSellTriggerMode = item.crossSell ?? null;
      if (item.methods) node.fulfillmentMethods = item.methods;
      node.brandIds = brandIds;
      out.push({ itemPathKey: key, parentPathKey: categoryKey, position: out.length, node });
      if (item.groups) groupRows(key, item.groups, brandIds, out);
    });
  });
  return out;
}

async function publish(
  db: Db,
  menuId: number,
  catering: boolean,
  categories: readonly CategoryDef[],
  location: { id: number; brandIds: number[] },
) {
  const [snapshot] = await db
    .insert(menuSnapshots)
    .values({ menuId, locationId: location.id, catering })
    .returning({ id: menuSnapshots.id });
  if (!snapshot) throw new Error('snapshot insert returned nothing');
  const rows = menuRows(menuId, categories, location.brandIds);
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(menuSnapshotNodes)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, snapshotId: snapshot.id })));
  }
  await db
    .insert(locationMenus)
    .values({ locationId: location.id, catering, menuId, snapshotId: snapshot.id });
}

/** Portions, pictures, the main and catering menus, and one published snapshot of each per location. */
export async function seedMenus(db: Db) {
  await db
    .insert(portions)
    .values([
      { id: PORTION.Small, title: 'Small', tare: null, unitType: null },
      { id: PORTION.Regular, title: 'Regular', tare: null, unitType: null },
      { id: PORTION.Large, title: 'Large', tare: null, unitType: null },
    ])
    .onConflictDoNothing();
  const rendered = await renderPictures();
  await db
    .insert(images)
    .values(
      [...rendered].map(([name, bytes]) => ({
        id: imageIdOf(name),
        contentType: 'image/png',
        bytes,
        width: PICTURE_WIDTH,
        height: PICTURE_HEIGHT,
        source: `fluent-emoji-flat:${name}`,
      })),
    )
    .onConflictDoNothing();
  const logoPictures = await renderLogos();
  await db
    .insert(images)
    .values(
      BRAND_LOGOS.map((l, i) => ({
        id: brandLogoIdOf(l.brandId),
        contentType: 'image/png',
        bytes: logoPictures[i] ?? Buffer.alloc(0),
        width: LOGO_SIZE,
        height: LOGO_SIZE,
        source: `fluent-emoji-flat:${l.emoji}`,
      })),
    )
    .onConflictDoNothing();
  for (const l of BRAND_LOGOS) {
    await db
      .update(brands)
      .set({ logo: brandLogoIdOf(l.brandId) })
      .where(eq(brands.id, l.brandId));
  }

  const [main] = await db
    .insert(menus)
    .values({ brandId: DEMO_BRANDS.capitalKitchen, title: 'Capital Kitchen', catering: false })
    .returning({ id: menus.id });
  const [catering] = await db
    .insert(menus)
    .values({ brandId: DEMO_BRANDS.capitalKitchen, title: 'Capital Kitchen Catering', catering: true })
    .returning({ id: menus.id });
  if (!main || !catering) throw new Error('menu insert returned nothing');

  const locationRows = await db.select({ id: locations.id }).from(locations).orderBy(asc(locations.id));
  const brandRows = await db
    .select({ locationId: locationBrands.locationId, brandId: locationBrands.brandId })
    .from(locationBrands);
  for (const row of locationRows) {
    const location = {
      id: row.id,
      brandIds: brandRows.filter((b) => b.locationId === row.id).map((b) => b.brandId),
    };
    await publish(db, main.id, false, MAIN_MENU, location);
    await publish(db, catering.id, true, CATERING_MENU, location);
  }
}

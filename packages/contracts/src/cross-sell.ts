/**
 * Cross-sell display rules and shapes (spec sections 3 'Cross-sell offer', 4 'Cross-sell' and 9), zod-free: the
 * storefront's browser code imports them. The schemas are in marketing.ts.
 */

/** The modal's title and description when the offer sets none (spec section 9). */
export const CROSS_SELL_DEFAULT_TITLE = 'Complete Your Meal!';
export const CROSS_SELL_DEFAULT_DESCRIPTION =
  'Explore sides, drinks, and more to perfectly complement your dish';
/** More offered items than this scroll as a carousel (spec: 'carousel scrolls when more than 4 items'). */
export const CROSS_SELL_CAROUSEL_AFTER = 4;
/** More offered items than this widen the modal (spec: 'modal widths differ when more than 3 items'). */
export const CROSS_SELL_WIDE_AFTER = 3;

/** Where an offer is shown: after adding its trigger item, or on the way to checkout. */
export type CrossSellMoment = 'AddItem' | 'Checkout';

/** Whether an item's trigger mode (menu node crossSellTriggerMode) fires at this moment. */
export function triggersAt(mode: 'AddItem' | 'Checkout' | 'Both' | null, moment: CrossSellMoment): boolean {
  return mode === 'Both' || mode === moment;
}

export interface CrossSellOfferedItem {
  itemPathKey: string;
  title: string;
  displayAttribute: { imageFileId: string | null; itemTitle: string };
  /** The item's default price in dollars (its default portion, no modifiers). */
  price: number;
  /**
   * Whether the item asks for choices (modifier groups or more than one portion): such items open the item
   * page; the others are added directly with the offer id.
   */
  customizable: boolean;
}

export interface CrossSellOffer {
  offerId: string;
  /** null: the modal shows CROSS_SELL_DEFAULT_TITLE. */
  title: string | null;
  /** null: the modal shows CROSS_SELL_DEFAULT_DESCRIPTION. */
  description: string | null;
  offeredMenuItems: CrossSellOfferedItem[];
}

/** Offered item pictures: the image grid's 192x144 (a size the image route serves). */
export const CROSS_SELL_IMAGE_SIZE = { width: 192, height: 144 } as const;

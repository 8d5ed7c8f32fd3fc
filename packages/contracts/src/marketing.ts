/** Marketing: promo popup campaigns shown on the store page (spec section 3 'Promo popup config', section 4). */
import { z } from 'zod';
import { IdParamSchema, envelope } from './api';
import type { CrossSellOffer } from './cross-sell';
import { ItemPathKeySchema } from './menu';

/**
 * One enabled campaign's popup. Image URLs are absolute http(s) URLs or API-relative image paths
 * (`/v1/images/{id}?width=&height=`, served by the storefront through its image proxy). `imageTargetUrl` opens
 * in a new tab when it is http(s); anything else is an in-app path (resolved against the store page URL).
 */
export const PromoPopupSchema = z.object({
  name: z.string(),
  enabled: z.boolean(),
  mobileImageUrl: z.string(),
  desktopImageUrl: z.string(),
  imageTargetUrl: z.string().nullable(),
  closeButtonLabel: z.string().nullable(),
});
export type PromoPopup = z.infer<typeof PromoPopupSchema>;

export const PromoPopupsQuerySchema = z.object({ locationId: IdParamSchema });
/** GET /v1/marketing/promo-popups?locationId=: enabled campaigns of the location's brands, first one first. */
export const PromoPopupsResponseSchema = envelope(z.array(PromoPopupSchema));

/** An item an offer proposes, as shown in the cross-sell modal. */
export const CrossSellOfferedItemSchema = z.object({
  itemPathKey: z.string(),
  title: z.string(),
  displayAttribute: z.object({ imageFileId: z.string().nullable(), itemTitle: z.string() }),
  price: z.number(),
  customizable: z.boolean(),
});

export const CrossSellOfferSchema = z.object({
  offerId: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  offeredMenuItems: z.array(CrossSellOfferedItemSchema),
}) satisfies z.ZodType<CrossSellOffer>;

/**
 * GET sales/orders/{id}/cross-sell-offers?itemPathKey=: with itemPathKey, the offers of that just-added item when
 * its trigger mode is AddItem or Both; without, the offers of the order's lines whose mode is Checkout or Both.
 */
export const CrossSellOffersQuerySchema = z.object({ itemPathKey: ItemPathKeySchema.optional() });
export const CrossSellOffersResponseSchema = envelope(z.array(CrossSellOfferSchema));

export * from './promo';
export * from './cross-sell';

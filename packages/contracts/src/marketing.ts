/** Marketing: promo popup campaigns shown on the store page (spec section 3 'Promo popup config', section 4). */
import { z } from 'zod';
import { IdParamSchema, envelope } from './api';

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

export * from './promo';

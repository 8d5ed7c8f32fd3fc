/**
 * Demo promo campaigns and cross-sell offers. Campaigns: one enabled for Capital Kitchen (so its stores and the
 * food hall show the popup) and one disabled. Offers: sandwiches (added: Crispy Chicken Sandwich; added or checked
 * out: Double Bacon Smash) offer five sides, drinks and a cookie; fries at checkout offer three drinks; one offer is disabled. Pictures are fluent-emoji-flat emoji (MIT) on a coloured card, rendered with sharp at the promo sizes.
 */
import sharp from 'sharp';
import { icons } from '@iconify-json/fluent-emoji-flat';
import { getIconData, iconToHTML, iconToSVG, replaceIDs } from '@iconify/utils';
import { PROMO_IMAGE_SIZES } from '@storefront/contracts/marketing';
import { imagePath } from '@storefront/contracts/menu';
import type { Db } from '../client';
import { crossSellOffers, promoCampaigns } from '../schema/marketing';
import { images } from '../schema/menus';
import { DEMO_BRANDS } from './locations';

const PROMO_PICTURES = [
  { id: 'promo-milkshake-desktop', size: PROMO_IMAGE_SIZES.desktop, emojis: ['soft-ice-cream', 'cookie'] },
  { id: 'promo-milkshake-mobile', size: PROMO_IMAGE_SIZES.mobile, emojis: ['soft-ice-cream'] },
] as const;

async function renderPromo(emojis: readonly string[], size: { width: number; height: number }) {
  const iconHeight = Math.round(Math.min(size.width / emojis.length, size.height) * 0.6);
  const layers = emojis.map((name, i) => {
    const data = getIconData(icons, name);
    if (!data) throw new Error(`Unknown emoji picture '${name}'`);
    const svg = iconToSVG(data, { height: iconHeight });
    const markup = iconToHTML(replaceIDs(svg.body), svg.attributes);
    const slot = size.width / emojis.length;
    return {
      input: Buffer.from(markup),
      left: Math.round(slot * i + (slot - iconHeight) / 2),
      top: Math.round((size.height - iconHeight) / 2),
    };
  });
  return sharp({ create: { ...size, channels: 4, background: '#FDE7EF' } })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

let rendered: Promise<Buffer[]> | null = null;

export async function seedMarketing(db: Db) {
  rendered ??= Promise.all(PROMO_PICTURES.map((p) => renderPromo(p.emojis, p.size)));
  const pictures = await rendered;
  await db
    .insert(images)
    .values(
      PROMO_PICTURES.map((p, i) => ({
        id: p.id,
        contentType: 'image/png',
        bytes: pictures[i] ?? Buffer.alloc(0),
        width: p.size.width,
        height: p.size.height,
        source: `fluent-emoji-flat:${p.emojis.join('+')}`,
      })),
    )
    .onConflictDoNothing();
  await db.insert(promoCampaigns).values([
    {
      brandId: DEMO_BRANDS.capitalKitchen,
      name: 'Milkshake Mondays: a free cookie with every milkshake',
      enabled: true,
      desktopImageUrl: imagePath('promo-milkshake-desktop', PROMO_IMAGE_SIZES.desktop),
      mobileImageUrl: imagePath('promo-milkshake-mobile', PROMO_IMAGE_SIZES.mobile),
      // In-app: resolved against the store page URL, so it opens the milkshake on the current store's menu.
      imageTargetUrl: 'menu/1-50-502',
      closeButtonLabel: 'No thanks',
    },
    {
      brandId: DEMO_BRANDS.potomacNoodleBar,
      name: 'Noodle week (ended)',
      enabled: false,
      desktopImageUrl: imagePath('promo-milkshake-desktop', PROMO_IMAGE_SIZES.desktop),
      mobileImageUrl: imagePath('promo-milkshake-mobile', PROMO_IMAGE_SIZES.mobile),
      imageTargetUrl: 'https://www.example.com/noodle-week',
      closeButtonLabel: null,
    },
  ]);
  await db.insert(crossSellOffers).values([
    {
      // No title or description: the storefront shows 'Complete Your Meal!'. Five items: a carousel.
      id: 'xs-sandwich-sides',
      brandId: DEMO_BRANDS.capitalKitchen,
      position: 0,
      triggerItemMasterIds: [103, 102],
      offeredItemMasterIds: [303, 301, 501, 401, 403],
    },
    {
      id: 'xs-fries-drinks',
      brandId: DEMO_BRANDS.capitalKitchen,
      title: 'Something to drink?',
      description: 'A cold drink goes with every order of fries.',
      position: 1,
      triggerItemMasterIds: [301, 102],
      offeredItemMasterIds: [403, 402, 405],
    },
    {
      id: 'xs-retired',
      brandId: DEMO_BRANDS.capitalKitchen,
      title: 'Retired offer',
      enabled: false,
      position: 2,
      triggerItemMasterIds: [103, 102, 301],
      offeredItemMasterIds: [504],
    },
  ]);
}

import 'server-only';
import { cache } from 'react';
import { FULFILLMENT_METHOD, type FulfillmentMethod } from '@storefront/contracts/enums';
import { CompactMenuSchema, type CompactMenu } from '@storefront/contracts/menu';
import { apiRequest, firstErrorMessage } from '@/lib/api';

export type MenuResult = { ok: true; menu: CompactMenu } | { ok: false; status: number; message: string };

/**
 * The store's current menu snapshot (compact: item cards without their modifier trees), out-of-stock items
 * included so they can show 'Not Available'; `brandIds` narrows a multibrand store's menu to those brands (the
 * brand filter). A failure is a value: the page shows it as an alert.
 */
export const getMenu = cache(
  async (
    locationId: number,
    catering: boolean,
    fulfillmentMethod: FulfillmentMethod = FULFILLMENT_METHOD.Pickup,
    brandIds: string | null = null,
  ): Promise<MenuResult> => {
    const result = await apiRequest(CompactMenuSchema, 'sales/menus', {
      headers: { prefer: 'return=compact' },
      query: {
        locationId,
        fulfillmentMethod,
        catering,
        includeOutOfStock: true,
        ...(brandIds ? { brandIds } : {}),
      },
    });
    if (result.ok) return { ok: true, menu: result.value };
    return { ok: false, status: result.status, message: firstErrorMessage(result) };
  },
);

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { MenuLayout } from '@storefront/contracts/enums';
import { ItemPathKeySchema, isTopLevelItemKey } from '@storefront/contracts/menu';
import { lineModifiers } from '@storefront/contracts/orders';
import { defaultSelection } from '@storefront/contracts/pricing';
import { SiteHeader } from '@/components/ui/site-header';
import { AccountEntry } from '@/features/session/components/account-entry';
import { getStoreContext } from '@/features/locations/locations.queries';
import { parseStoreRoute, storeHref } from '@/features/locations/store-route';
import { getMenu } from '@/features/menu/menu.queries';
import { ItemPage } from '@/features/item/components/item-page';
import {
  getAllowItemInstructions,
  getItemDetails,
  getPortionTitles,
  getTransitions,
  isTransitionOf,
} from '@/features/item/item.queries';
import { clearItemDetailsCache } from '@/features/item/item.actions';
import { decodeSelection } from '@/features/item/item-transition';
import { addOrderItem, updateOrderItem } from '@/features/order/order.actions';
import { getCurrentOrder } from '@/features/order/order.queries';
import { getCustomerId } from '@/features/account/account.queries';
import { reorderPreselection } from '@/features/reorder/reorder';
import { isFeatureEnabled } from '@/lib/feature-flags';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import { getReorderItem } from '@/features/reorder/reorder.queries';

type Params = Promise<{ locationId: string; menuOrCatering: string; itemPathKey: string }>;
type Query = string | string[] | undefined;
type SearchParams = Promise<{
  instance?: Query;
  layout?: Query;
  pastItemId?: Query;
  next?: Query;
  crossSellId?: Query;
  selection?: Query;
  quantity?: Query;
}>;

const single = (value: Query) => (typeof value === 'string' ? value : undefined);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const route = parseStoreRoute(await params);
  if (route.kind !== 'ok') return {};
  const context = await getStoreContext(route.locationId, route.catering);
  return { title: context ? `Item Customization | ${context.companyName}` : 'Item Customization' };
}

/**
 * The item customisation page (/{locationId}/{menu|catering}/{itemPathKey}, ?instance={itemId} edits a line, also
 * when the line is of an item that turns into this one: then saving makes the line this item). The store layout
 * has checked the route and themed it; an unknown item is not found.
 */
export default async function ItemCustomizationPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const raw = await params;
  const route = parseStoreRoute(raw);
  const key = ItemPathKeySchema.safeParse(raw.itemPathKey);
  if (route.kind !== 'ok' || !key.success || !isTopLevelItemKey(key.data)) notFound();
  const { locationId, catering, menuOrCatering } = route;
  const query = await searchParams;
  const instanceParam = single(query.instance);
  const instanceId = instanceParam && /^\d{1,15}$/.test(instanceParam) ? Number(instanceParam) : null;
  const layoutParam = single(query.layout);
  const layoutOverride: MenuLayout | null =
    layoutParam === '1' ? 1 : layoutParam === '2' ? 2 : layoutParam === '3' ? 3 : null;
  const crossSellParam = single(query.crossSellId);
  const crossSellOfferId = crossSellParam && /^[\w-]{1,100}$/.test(crossSellParam) ? crossSellParam : null;
  const quantityParam = single(query.quantity);
  const carriedQuantity =
    quantityParam && /^\d{1,2}$/.test(quantityParam) ? Math.min(20, Math.max(1, Number(quantityParam))) : 1;

  const [context, menu, order, portionTitles, allowNotes, pricingDisabled] = await Promise.all([
    getStoreContext(locationId, catering),
    getMenu(locationId, catering),
    instanceId === null ? null : getCurrentOrder(locationId),
    getPortionTitles(),
    getAllowItemInstructions(locationId, catering),
    isFeatureEnabled(FEATURE_FLAG.disableRealTimePricing),
  ]);
  if (!context) notFound();
  if (!menu.ok) throw new Error(menu.message);
  const item = await getItemDetails(menu.menu.snapshotId, key.data);
  if (!item || item.displayAttribute === null || item.displayAttribute.hidden) notFound();
  const snapshotId = menu.menu.snapshotId;
  const ordered = order?.items.find((i) => i.id === instanceId) ?? null;
  const line = ordered?.itemPathKey === item.itemPathKey ? ordered : null;
  // The chooser moved an edited line's page to the item it turns into (its combo): still editing that line.
  const becoming =
    ordered && !line && (await isTransitionOf(snapshotId, ordered.itemPathKey, item)) ? ordered : null;
  const transitions = becoming ? null : await getTransitions(snapshotId, item);
  const carriedQuantities = line ? null : decodeSelection(single(query.selection), item);
  // Reorder mode (?pastItemId=): a signed-in customer's past line of this item, priced on today's menu.
  const pastItemParam = single(query.pastItemId);
  const pastItemId = pastItemParam && /^\d{1,9}$/.test(pastItemParam) ? Number(pastItemParam) : null;
  const pastItem =
    pastItemId !== null && !line && !becoming && (await getCustomerId()) !== null
      ? await getReorderItem(pastItemId, snapshotId)
      : null;
  const preselected = pastItem?.itemPathKey === item.itemPathKey ? reorderPreselection(pastItem) : null;
  const defaults = defaultSelection(item);

  return (
    <>
      <div className="hidden md:block">
        <SiteHeader brandName={context.template?.brandName ?? context.companyName} logoHref="/">
          <AccountEntry />
        </SiteHeader>
      </div>
      <ItemPage
        item={item}
        snapshotId={snapshotId}
        locationId={locationId}
        menuType={menuOrCatering}
        backHref={storeHref(locationId, menuOrCatering)}
        portionTitles={portionTitles}
        allowNotes={allowNotes}
        edit={
          line
            ? {
                instanceId: line.id,
                quantity: line.quantity,
                portionId: line.portionId,
                modifiers: lineModifiers(line),
                note: line.note,
              }
            : becoming && {
                instanceId: becoming.id,
                quantity: quantityParam ? carriedQuantity : becoming.quantity,
                portionId: defaults.portionId ?? null,
                modifiers: [...defaults.modifiers],
                note: becoming.note,
                transitionItemPathKey: item.itemPathKey,
              }
        }
        submit={line || becoming ? updateOrderItem : addOrderItem}
        layoutOverride={layoutOverride}
        hideDefaultModifiers={context.template?.orderingSettings.hideDefaultModifiers ?? false}
        carried={carriedQuantities && { quantities: carriedQuantities, quantity: carriedQuantity }}
        transitions={transitions}
        next={single(query.next) === 'checkout' ? 'checkout' : null}
        crossSellOfferId={crossSellOfferId}
        preselected={preselected}
        reorderRequested={pastItemParam !== undefined && preselected === null}
        clearDetailsCache={clearItemDetailsCache}
        realTimePricing={!pricingDisabled}
      />
    </>
  );
}

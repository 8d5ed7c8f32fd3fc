import { notFound } from 'next/navigation';
import { SiteHeader } from '@/components/ui/site-header';
import { AccountEntry } from '@/features/session/components/account-entry';
import { LeaveOrderGuard } from '@/features/locations/components/leave-order-guard';
import { MenuAvailabilityAtEnd, StoreHeader } from '@/features/locations/components/store-header';
import { getStoreContext } from '@/features/locations/locations.queries';
import { parseStoreQuery } from '@/features/locations/store-query';
import { parseStoreRoute, storeHref } from '@/features/locations/store-route';
import { PromoPopup } from '@/features/marketing/components/promo-popup';
import { CrossSellAfterAdd } from '@/features/cross-sell/components/cross-sell-after-add';
import { getPromoPopup, wasPromoShown } from '@/features/marketing/marketing.queries';
import { parseBrandSelection } from '@/features/menu/brand-selection';
import { BrandFilter } from '@/features/menu/components/brand-filter';
import { StoreMenu } from '@/features/menu/components/store-menu';
import { ItemCardLinks } from '@/features/menu/components/item-card-links';
import { MenuPlaceKeeper } from '@/features/menu/components/menu-place-keeper';
import { DEFAULT_LAST_ORDERED_ITEMS_TITLE, FEATURE_FLAG } from '@storefront/contracts/templates';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enum-values';
import { isFeatureEnabled } from '@/lib/feature-flags';
import { getMenu } from '@/features/menu/menu.queries';
import { MyOrderPanel } from '@/features/order/components/my-order-panel';
import { OrderSettingsSummary } from '@/features/order-settings/components/order-settings-summary';
import { LazyEntryDialogs, LazyStorePromptDialogs } from '@/features/order-settings/components/lazy-dialogs';
import { getPickupMethods, getStoreOrderSettings } from '@/features/order-settings/order-settings.queries';
import { orderItemCount } from '@/features/order/components/order-lines';
import { getCurrentOrder, getUtensilsOption } from '@/features/order/order.queries';
import { addOrderItem } from '@/features/order/order.actions';
import { getCustomerId } from '@/features/account/account.queries';
import { LazyReorderStrip } from '@/features/reorder/components/lazy-reorder-strip';
import { listReorderItems } from '@/features/reorder/reorder.queries';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

type Params = Promise<{ locationId: string; menuOrCatering: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The store page: header, category bar, item cards and the My Order panel. */
export default async function StorePage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const route = parseStoreRoute(await params);
  if (route.kind !== 'ok') notFound();
  // fp, fv, wm, fm, addedItemId: validated here; curbside, table and cross-sell behaviour read them.
  const search = await searchParams;
  const query = parseStoreQuery(search);
  const { locationId, catering, menuOrCatering } = route;
  const [context, order, promo, promoShown, utensilsOption, compactItems, customerId] = await Promise.all([
    getStoreContext(locationId, catering),
    getCurrentOrder(locationId),
    getPromoPopup(locationId),
    wasPromoShown(),
    getUtensilsOption(locationId, catering),
    isFeatureEnabled(FEATURE_FLAG.compactItemView),
    // From the token cookie alone: a guest's page makes no account call.
    getCustomerId(),
  ]);
  if (!context) notFound();
  // Multibrand stores: the brand filter's selection (?brands=, else the template's defaults) narrows the menu.
  const brands = parseBrandSelection(context.template, search);
  const brandIds = brands.brandIds?.join(',') ?? null;
  // Fetched side by side: the menu does not wait for the order settings (time to first byte).
  const [settings, pickupMethods, menu] = await Promise.all([
    getStoreOrderSettings(context.store, catering, query.fm),
    query.fp === 'curbside' ? getPickupMethods(locationId) : Promise.resolve([]),
    getMenu(locationId, catering, undefined, brandIds),
  ]);
  const hasOrderItems = orderItemCount(order) > 0;
  // The reorder strip: signed-in customers only, where the template turns it on.
  const reorder = context.template?.lastOrderedItemsSettings;
  const reorderTarget =
    customerId !== null && reorder?.enabled && menu.ok
      ? { locationId, menuType: menuOrCatering, snapshotId: menu.menu.snapshotId }
      : null;
  const reorderItems = reorderTarget ? await listReorderItems(reorderTarget) : [];
  // addedItemId: the order line just added; its item's AddItem cross-sell offers are asked for.
  const added = order?.items.find((line) => line.id === query.addedItemId) ?? null;
  // A guest ordering at their table (a table link, or the dine-in method it set) is in the store: catering, which
  // is ordered ahead for elsewhere, is not asked about there (issue 24, point 8). From catering the way back to
  // the main menu is always offered.
  const atTable = query.fp === 'table' || settings.fulfillmentMethod === FULFILLMENT_METHOD.DineIn;
  const offerMenuSwitch = !(atTable && menuOrCatering === 'menu');
  const availability = {
    store: context.store,
    menuType: menuOrCatering,
    hasOrderItems,
    query,
    offerMenuSwitch,
  };
  return (
    <>
      <MenuPlaceKeeper basePath={storeHref(locationId, menuOrCatering)} />
      <LeaveOrderGuard locationId={locationId} hasOrderItems={hasOrderItems} />
      {/* Keyed by the prompt: a new prompt (after a switch of method) opens afresh. */}
      {settings.prompt ? <LazyStorePromptDialogs key={settings.prompt.kind} settings={settings} /> : null}
      {settings.prompt === null && query.fp ? (
        <LazyEntryDialogs
          settings={settings}
          fp={query.fp}
          fv={query.fv}
          wm={query.wm}
          pickupMethods={pickupMethods}
        />
      ) : null}
      {/* One dialog at a time: the promo waits while a store or entry prompt is due; the cross-sell host keeps it
          away while an add's offer is due or open. The host stays mounted: an open offer outlives the refresh
          that comes without addedItemId. */}
      <CrossSellAfterAdd
        added={
          order && added
            ? {
                id: added.id,
                itemPathKey: added.itemPathKey,
                target: { locationId, menuType: menuOrCatering, snapshotId: order.context.snapshotId },
              }
            : null
        }
      >
        {promo && !promoShown && settings.prompt === null && !query.fp ? (
          <PromoPopup popup={promo} pagePath={storeHref(locationId, menuOrCatering)} />
        ) : null}
      </CrossSellAfterAdd>
      <SiteHeader brandName={context.template?.brandName ?? context.companyName} logoHref="/">
        <AccountEntry />
      </SiteHeader>
      <div className="mx-auto grid w-full max-w-7xl flex-1 md:grid-cols-[minmax(0,1fr)_20rem] md:gap-4 md:px-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* data-store-prompt: the arrival prompt due (it opens once its code loads), for tests and tooling. */}
        <main id={MAIN_CONTENT_ID} className="min-w-0" data-store-prompt={settings.prompt?.kind ?? 'none'}>
          <StoreHeader
            store={context.store}
            menuType={menuOrCatering}
            hasOrderItems={hasOrderItems}
            query={query}
            offerMenuSwitch={offerMenuSwitch}
            settingsSlot={<OrderSettingsSummary settings={settings} />}
          />
          {reorderTarget && reorderItems.length > 0 ? (
            <LazyReorderStrip
              title={reorder?.title || DEFAULT_LAST_ORDERED_ITEMS_TITLE}
              items={reorderItems}
              target={reorderTarget}
              add={addOrderItem}
            />
          ) : null}
          <BrandFilter selection={brands} basePath={storeHref(locationId, menuOrCatering)} search={search} />
          <ItemCardLinks locationId={locationId} menuType={menuOrCatering} compact={compactItems}>
            <StoreMenu
              result={menu}
              basePath={storeHref(locationId, menuOrCatering)}
              fulfillmentMethod={settings.fulfillmentMethod}
              deferred={{ locationId, menuType: menuOrCatering, brandIds }}
            />
          </ItemCardLinks>
          {/* A phone's header leaves the plain availability message and the menu switch to Store info: they
              are offered again where the menu ends. */}
          <MenuAvailabilityAtEnd {...availability} />
        </main>
        <div className="md:py-6">
          <MyOrderPanel
            locationId={locationId}
            menuType={menuOrCatering}
            order={order}
            utensilsOption={utensilsOption}
          />
        </div>
      </div>
    </>
  );
}

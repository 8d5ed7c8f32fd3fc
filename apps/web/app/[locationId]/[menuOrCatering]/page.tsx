import { notFound } from 'next/navigation';
import { SiteHeader } from '@/components/ui/site-header';
import { StoreHeader } from '@/features/locations/components/store-header';
import { getStoreContext } from '@/features/locations/locations.queries';
import { parseStoreRoute, storeHref } from '@/features/locations/store-route';
import { StoreMenu } from '@/features/menu/components/store-menu';
import { getMenu } from '@/features/menu/menu.queries';
import { MyOrderPanel } from '@/features/order/components/my-order-panel';
import { getCurrentOrder } from '@/features/order/order.queries';

type Params = Promise<{ locationId: string; menuOrCatering: string }>;

/** The store page: header, category bar, item cards and the My Order panel. */
export default async function StorePage({ params }: { params: Params }) {
  const route = parseStoreRoute(await params);
  if (route.kind !== 'ok') notFound();
  const { locationId, catering, menuOrCatering } = route;
  const [context, menu, order] = await Promise.all([
    getStoreContext(locationId, catering),
    getMenu(locationId, catering),
    getCurrentOrder(locationId),
  ]);
  if (!context) notFound();
  return (
    <>
      <SiteHeader brandName={context.template?.brandName ?? context.companyName} logoHref="/" />
      <div className="mx-auto grid w-full max-w-7xl flex-1 md:grid-cols-[minmax(0,1fr)_20rem] md:gap-4 md:px-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <main className="min-w-0">
          <StoreHeader store={context.store} />
          <StoreMenu result={menu} basePath={storeHref(locationId, menuOrCatering)} />
        </main>
        <div className="md:py-6">
          <MyOrderPanel locationId={locationId} menuType={menuOrCatering} order={order} />
        </div>
      </div>
    </>
  );
}

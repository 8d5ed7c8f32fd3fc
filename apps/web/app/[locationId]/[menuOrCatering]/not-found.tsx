import { headers } from 'next/headers';
import { ErrorScreen } from '@/components/ui/error-screen';
import { getStoreContext } from '@/features/locations/locations.queries';
import { parseStoreRoute, storeHref } from '@/features/locations/store-route';
import { isBotRequest } from '@/lib/bot';

/**
 * Not found within a known store (a stale or mistyped item link: /1/menu/no-such-item). Drawn inside the store
 * layout, so it wears the store's theme; the header carries the store's brand and the page offers 'Back to menu'
 * (to the menu or catering page the link was under). An unknown store never gets here: the layout's own
 * notFound() shows the root page with 'Go back home' only.
 */
export default async function StoreNotFound() {
  const path = (await headers()).get('x-pathname') ?? '';
  if (await isBotRequest()) return <ErrorScreen statusCode={404} message="" forBot />;
  const [, locationId = '', menuOrCatering = ''] = path.split('/');
  const route = parseStoreRoute({ locationId, menuOrCatering });
  const context = route.kind === 'ok' ? await getStoreContext(route.locationId, route.catering) : null;
  return (
    <ErrorScreen
      statusCode={404}
      message={`Page not found: ${path}`}
      store={
        route.kind === 'ok' && context
          ? {
              brandName: context.template?.brandName ?? context.companyName,
              menuHref: storeHref(route.locationId, route.menuOrCatering),
            }
          : null
      }
    />
  );
}

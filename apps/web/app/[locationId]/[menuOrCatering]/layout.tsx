import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { errorPagePath } from '@/app/error/error-codes';
import { faviconIcons } from '@/features/locations/favicon';
import { getStoreContext } from '@/features/locations/locations.queries';
import { parseStoreRoute } from '@/features/locations/store-route';
import { themeFromTemplate, themeStyle } from '@/lib/theme';

type Params = Promise<{ locationId: string; menuOrCatering: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const route = parseStoreRoute(await params);
  if (route.kind !== 'ok') return {};
  const context = await getStoreContext(route.locationId, route.catering);
  if (!context) return {};
  return {
    title: `${context.store.name} | ${context.companyName}`,
    icons: faviconIcons(context.template?.favIcon),
  };
}

/**
 * Every page of a store (menu and item pages): the route is checked (non-numeric id: not found; a last
 * segment other than menu or catering: /error; unknown store: not found) and themed from the store's UI template.
 */
export default async function StoreLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Params;
}) {
  const route = parseStoreRoute(await params);
  if (route.kind === 'not-found') notFound();
  if (route.kind === 'error') redirect(errorPagePath('menu-type'));
  const context = await getStoreContext(route.locationId, route.catering);
  if (!context) notFound();
  return (
    <div
      style={themeStyle(themeFromTemplate(context.template))}
      className="flex min-h-dvh flex-col font-sans"
    >
      {children}
    </div>
  );
}

import { LogOut } from 'lucide-react';
import { SiteHeader } from '@/components/ui/site-header';
import type { KitchenPage } from '../kitchen.queries';
import { signOut } from '../kitchen.actions';
import { KitchenLive } from './kitchen-live';
import { KitchenLiveStatus } from './kitchen-live-status';
import { KitchenSoundToggle } from './kitchen-sound-toggle';
import { KitchenLoadTable } from './kitchen-load-table';
import { KitchenOrderCard } from './kitchen-order-card';
import { OnlineOrderingSwitch } from './online-ordering-switch';

/** The skip link's target (components/ui/skip-link; its constant is moving between modules as this is written). */
import { KitchenSignIn } from './kitchen-sign-in';
import { LocationPicker } from './location-picker';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

/**
 * /kitchen: staff sign-in, then the placed orders of a location in status columns, and the latest cancelled
 * ones in a column of their own after Completed.
 */
export function KitchenScreen({ page }: { page: KitchenPage }) {
  if (page.kind === 'sign-in') {
    return (
      <>
        <SiteHeader brandName="Kitchen" logoHref={null} />
        <main id={MAIN_CONTENT_ID} className="px-4 py-12">
          <KitchenSignIn initialError={page.error} />
        </main>
      </>
    );
  }
  const signOutButton = (
    <form action={signOut}>
      <button
        type="submit"
        className="inline-flex min-h-12 items-center gap-2 rounded-full border-2 border-header-fg px-4 font-semibold"
      >
        <LogOut aria-hidden className="size-4" />
        Sign out
      </button>
    </form>
  );
  if (page.kind === 'no-locations') {
    return (
      <>
        <SiteHeader brandName="Kitchen" logoHref={null}>
          {signOutButton}
        </SiteHeader>
        <main id={MAIN_CONTENT_ID} className="px-4 py-12 text-center">
          <h1 className="text-2xl font-bold">Kitchen</h1>
          <p className="mt-2 text-gray-700">There are no locations to show.</p>
        </main>
      </>
    );
  }
  const total = page.columns.reduce(
    (n, c) => n + (c.id === 4 || c.id === 'cancelled' ? 0 : c.orders.length),
    0,
  );
  const received = (page.columns.find((c) => c.id === 1)?.orders ?? []).map((o) => ({
    id: o.id,
    referenceNumber: o.referenceNumber,
  }));
  return (
    <>
      <SiteHeader brandName="Kitchen" logoHref={null}>
        <div className="flex items-center gap-3">
          {/* The first-party page-visit report (ordering spec section 7). */}
          <a
            href="/kitchen/visits"
            className="inline-flex min-h-12 items-center font-semibold underline underline-offset-4"
          >
            Page visits
          </a>
          {signOutButton}
        </div>
      </SiteHeader>
      {/* Keyed by location: another location's board starts with its own known orders (none of them 'New'). */}
      <KitchenLive key={page.location.id} locationId={page.location.id} receivedOrders={received}>
        <main id={MAIN_CONTENT_ID} className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="flex flex-col gap-1">
              <h1 className="text-2xl font-bold">{page.location.name}</h1>
              <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
                <KitchenLiveStatus />
                <span>{total === 1 ? '1 open order' : `${total} open orders`}</span>
              </p>
            </div>
            <div className="flex flex-wrap items-start gap-4">
              <KitchenSoundToggle />
              <LocationPicker locations={page.locations} selectedId={page.location.id} />
              {page.load ? (
                <OnlineOrderingSwitch
                  locationId={page.location.id}
                  locationName={page.location.name}
                  isOnline={page.load.isOnline}
                />
              ) : null}
            </div>
          </div>
          {page.error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
              {page.error}
            </p>
          ) : null}
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-5">
            {page.columns.map((column) => (
              <section
                key={column.id}
                aria-labelledby={`kitchen-column-${column.id}`}
                className="flex flex-col gap-3 rounded-2xl bg-gray-200/70 p-3 md:max-h-[calc(100dvh-10rem)] md:min-h-48"
              >
                <div className="flex items-center justify-between">
                  <h2 id={`kitchen-column-${column.id}`} className="text-lg font-bold">
                    {column.title}
                  </h2>
                  <span className="rounded-full bg-white px-2 text-sm font-semibold">
                    {column.orders.length}
                    <span className="sr-only"> orders</span>
                  </span>
                </div>
                {column.orders.length === 0 ? (
                  <p className="py-4 text-center text-sm text-gray-700">No orders</p>
                ) : (
                  // A rail of fixed height that scrolls on its own (from tablet width), so that a busy column does
                  // not make the board a very long page; focusable so that the keyboard scrolls it too.
                  <div
                    className="-mx-1 flex min-h-0 flex-col gap-3 overflow-y-auto px-1 pb-1"
                    tabIndex={0}
                    role="group"
                    aria-label={`${column.title} orders`}
                    data-testid="kitchen-rail"
                  >
                    {column.orders.map((order) => (
                      <KitchenOrderCard key={order.id} order={order} renderedAt={page.renderedAt} />
                    ))}
                  </div>
                )}
              </section>
            ))}
          </div>
          {page.load ? <KitchenLoadTable load={page.load} /> : null}
        </main>
      </KitchenLive>
    </>
  );
}

import { Clock } from '@/components/ui/static-icons';
import type { Store } from '@storefront/contracts/locations';
import { cn } from '@/lib/cn';
import { storeQueryString, type StoreQuery } from '../store-query';
import type { MenuOrCatering } from '../store-route';
import { ChangeLocationLink } from './change-location-link';
import { MenuSwitchPrompt } from './menu-switch-prompt';
import { StoreAlertBanner } from './store-alert-banner';
import { StoreInfoDialog } from './store-info-dialog';
import { StoreIsland } from './store-island';
import { StoreStatusChip } from './store-status-chip';

/**
 * Which menu is shown and when it can be ordered from (the availability message). `telling`: it says more than
 * which menu this is (closed, offline, catering), so a phone shows it in the header too.
 */
function availabilityMessage(store: Store, menuType: MenuOrCatering): { text: string; telling: boolean } {
  const menu = menuType === 'catering' ? 'the catering menu' : 'the main menu';
  if (store.isOnline === false)
    return { text: `You are viewing ${menu}. The store is not accepting orders currently.`, telling: true };
  if (menuType === 'catering')
    return { text: `You are viewing ${menu}. Catering orders are scheduled ahead.`, telling: true };
  if (store.status?.locationStatus === 'Closed') {
    return store.acceptOrdersWhenClosed
      ? {
          text: `You are viewing ${menu}. The store is closed now: schedule your order for later.`,
          telling: true,
        }
      : { text: `You are viewing ${menu}. The store is closed now.`, telling: true };
  }
  return { text: `You are viewing ${menu}.`, telling: false };
}

type AvailabilityProps = {
  store: Store;
  menuType: MenuOrCatering;
  hasOrderItems: boolean;
  query: StoreQuery;
  /** The catering / main-menu switch is offered (not to a guest ordering at a table: see the store page). */
  offerMenuSwitch: boolean;
};

/** The availability message with the catering / main-menu switch beside it. */
export function MenuAvailability({
  store,
  menuType,
  hasOrderItems,
  query,
  offerMenuSwitch,
  className,
}: AvailabilityProps & { className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-800', className)}>
      <span>{availabilityMessage(store, menuType).text}</span>
      {offerMenuSwitch ? (
        <MenuSwitchPrompt
          locationId={store.id}
          current={menuType}
          hasOrderItems={hasOrderItems}
          keepQuery={storeQueryString(query)}
        />
      ) : null}
    </p>
  );
}

/**
 * Where the menu ends, on a phone: the menu switch with the availability message, when the header left them to
 * Store info (the message only names the menu). Nothing elsewhere, or when no switch is offered.
 */
export function MenuAvailabilityAtEnd(props: AvailabilityProps) {
  if (!props.offerMenuSwitch || availabilityMessage(props.store, props.menuType).telling) return null;
  return <MenuAvailability {...props} className="px-4 pb-6 md:hidden" />;
}

/**
 * The store page's header: name, status chip, description, ETA line with Edit, store info, 'Change location',
 * the availability message with the catering / main-menu switch, and the store's alert banner. After 105 px of
 * scroll it collapses into the sticky island.
 *
 * On a phone it is one compact block (issue 24, point 8: the first item used to start 62% down the first
 * screen under seven rows): name; status with the Store info button; the ETA line; the alert. The description,
 * 'Change location' and (when it only names the menu) the availability message with its switch move into Store
 * info, and the page repeats the last two after the menu (MenuAvailabilityAtEnd). Wider screens show every row.
 */
export function StoreHeader({
  store,
  menuType = 'menu',
  hasOrderItems = false,
  query = {},
  settingsSlot,
  offerMenuSwitch = true,
}: {
  store: Store;
  menuType?: MenuOrCatering;
  hasOrderItems?: boolean;
  /** The page's lasting query parameters (fp, fv, wm, fm), kept when switching menus. */
  query?: StoreQuery;
  /** The order settings line (method, time, Edit); the pickup ETA when the page gives none. */
  settingsSlot?: React.ReactNode;
  offerMenuSwitch?: boolean;
}) {
  const availability = { store, menuType, hasOrderItems, query, offerMenuSwitch };
  const { telling } = availabilityMessage(store, menuType);
  return (
    <section
      aria-labelledby="store-name"
      className="border-b border-gray-200 bg-white md:mt-6 md:rounded-t-2xl"
    >
      <StoreIsland name={store.name} status={store.status} />
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 pt-3 pb-2 md:gap-y-1.5 md:py-6">
        <h1
          id="store-name"
          className="col-span-2 font-display text-xl font-bold text-gray-900 md:col-span-1 md:text-3xl"
        >
          {store.name}
        </h1>
        <div className="col-start-2 row-start-2 flex items-center gap-3 md:row-start-1">
          <StoreInfoDialog
            store={{
              name: store.name,
              address: store.address,
              contactInformation: store.contactInformation,
              storeHours: store.storeHours,
            }}
            hasOrderItems={hasOrderItems}
            more={
              <>
                {store.description ? <p className="text-gray-800">{store.description}</p> : null}
                <MenuAvailability {...availability} />
              </>
            }
          />
          <ChangeLocationLink hasOrderItems={hasOrderItems} className="max-md:hidden" />
        </div>
        <div className="col-start-1 row-start-2 min-w-0 md:col-span-2">
          {store.status ? (
            <StoreStatusChip status={store.status.locationStatus} description={store.status.description} />
          ) : null}
        </div>
        {store.description ? (
          <p className="col-span-2 text-sm text-gray-700 max-md:hidden">{store.description}</p>
        ) : null}
        <div className="col-span-2">
          {settingsSlot ?? (
            <p className="flex items-center gap-1.5 text-sm text-gray-800">
              <Clock aria-hidden className="size-4" />
              <span>
                Pickup ETA: <strong>{store.averagePickupEtaInMinutes} min</strong>
              </span>
            </p>
          )}
        </div>
        <MenuAvailability {...availability} className={cn('col-span-2', !telling && 'max-md:hidden')} />
      </div>
      <StoreAlertBanner alert={store.alertMessageService} />
      <div className="h-2 md:h-3" aria-hidden />
    </section>
  );
}

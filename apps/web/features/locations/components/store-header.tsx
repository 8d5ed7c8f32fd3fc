import { Clock } from 'lucide-react';
import type { Store } from '@storefront/contracts/locations';
import { storeQueryString, type StoreQuery } from '../store-query';
import type { MenuOrCatering } from '../store-route';
import { ChangeLocationLink } from './change-location-link';
import { MenuSwitchPrompt } from './menu-switch-prompt';
import { StoreAlertBanner } from './store-alert-banner';
import { StoreInfoDialog } from './store-info-dialog';
import { StoreIsland } from './store-island';
import { StoreStatusChip } from './store-status-chip';

/** Which menu is shown and when it can be ordered from (the availability message). */
function availabilityMessage(store: Store, menuType: MenuOrCatering): string {
  const menu = menuType === 'catering' ? 'the catering menu' : 'the main menu';
  if (store.isOnline === false)
    return `You are viewing ${menu}. The store is not accepting orders currently.`;
  if (menuType === 'catering') return `You are viewing ${menu}. Catering orders are scheduled ahead.`;
  if (store.status?.locationStatus === 'Closed') {
    return store.acceptOrdersWhenClosed
      ? `You are viewing ${menu}. The store is closed now: schedule your order for later.`
      : `You are viewing ${menu}. The store is closed now.`;
  }
  return `You are viewing ${menu}.`;
}

/**
 * The store page's header: name, status chip, description, pickup ETA, store info, 'Change location', the
 * availability message with the catering / main-menu switch, and the store's alert banner. After 105 px of
 * scroll it collapses into the sticky island.
 */
export function StoreHeader({
  store,
  menuType = 'menu',
  hasOrderItems = false,
  query = {},
  settingsSlot,
}: {
  store: Store;
  menuType?: MenuOrCatering;
  hasOrderItems?: boolean;
  /** The page's lasting query parameters (fp, fv, wm, fm), kept when switching menus. */
  query?: StoreQuery;
  /** The order settings line (method, time, Edit); the pickup ETA when the page gives none. */
  settingsSlot?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby="store-name"
      className="border-b border-gray-200 bg-white md:mt-6 md:rounded-t-2xl"
    >
      <StoreIsland name={store.name} status={store.status} />
      <div className="flex flex-col gap-1.5 px-4 py-4 md:py-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h1 id="store-name" className="font-display text-2xl font-bold text-gray-900 md:text-3xl">
            {store.name}
          </h1>
          <div className="flex items-center gap-3">
            <StoreInfoDialog store={store} hasOrderItems={hasOrderItems} />
            <ChangeLocationLink hasOrderItems={hasOrderItems} />
          </div>
        </div>
        {store.status ? (
          <StoreStatusChip status={store.status.locationStatus} description={store.status.description} />
        ) : null}
        {store.description ? <p className="text-sm text-gray-700">{store.description}</p> : null}
        {settingsSlot ?? (
          <p className="flex items-center gap-1.5 text-sm text-gray-800">
            <Clock aria-hidden className="size-4" />
            <span>
              Pickup ETA: <strong>{store.averagePickupEtaInMinutes} min</strong>
            </span>
          </p>
        )}
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-800">
          <span>{availabilityMessage(store, menuType)}</span>
          <MenuSwitchPrompt
            locationId={store.id}
            current={menuType}
            hasOrderItems={hasOrderItems}
            keepQuery={storeQueryString(query)}
          />
        </p>
      </div>
      <StoreAlertBanner alert={store.alertMessageService} />
      <div className="h-3" aria-hidden />
    </section>
  );
}

import 'server-only';
import { z } from 'zod';
import { ORDER_STATUS, type OrderStatus } from '@storefront/contracts/enums';
import {
  StaffLocationSchema,
  StaffOrderSchema,
  type StaffLocation,
  type StaffOrder,
} from '@storefront/contracts/staff';
import { KitchenLoadSchema, type KitchenLoad } from '@storefront/contracts/capacity';
import { apiRequest, type ApiResult } from '@/lib/api';
import { getStaffSession } from './kitchen-cookie';

/** Completed orders shown in their column (the most recent ones); cancelled ones likewise. */
export const COMPLETED_SHOWN = 10;

/** Staff routes are called with the kitchen's staff session token (never a guest's access token). */
export function listStaffLocations(staffSession: string): Promise<ApiResult<StaffLocation[]>> {
  return apiRequest(z.array(StaffLocationSchema), 'staff/locations', { token: staffSession });
}

export interface KitchenColumn {
  /** The status the column shows, or 'cancelled' for the orders cancelled before completion. */
  id: OrderStatus | 'cancelled';
  title: string;
  orders: StaffOrder[];
}

export type KitchenPage =
  | { kind: 'sign-in'; error: string | null }
  | { kind: 'no-locations' }
  | {
      kind: 'board';
      locations: StaffLocation[];
      location: StaffLocation;
      columns: KitchenColumn[];
      /** Load per 15-minute slot and the online switch; null when it could not be loaded. */
      load: KitchenLoad | null;
      error: string | null;
      /** When the board was read (ms): tickets count their age from it until the screen's clock takes over. */
      renderedAt: number;
    };

const COLUMN_TITLES: Record<OrderStatus, string> = {
  [ORDER_STATUS.Received]: 'Received',
  [ORDER_STATUS.Preparing]: 'Preparing',
  [ORDER_STATUS.Ready]: 'Ready',
  [ORDER_STATUS.Completed]: 'Completed',
};

/**
 * The kitchen screen: the sign-in form without a (live) staff session, else the chosen location's placed orders
 * in status columns (the first location when none or an unknown one is chosen).
 */
export async function getKitchenPage(locationParam: string | undefined): Promise<KitchenPage> {
  const token = await getStaffSession();
  if (!token) return { kind: 'sign-in', error: null };
  const locations = await listStaffLocations(token);
  if (!locations.ok) {
    if (locations.status === 401 || locations.status === 403 || locations.status === 429) {
      return { kind: 'sign-in', error: 'Your kitchen session has ended. Please sign in again.' };
    }
    throw new Error(`Staff locations failed (${locations.status})`);
  }
  const location = locations.value.find((l) => String(l.id) === locationParam) ?? locations.value[0] ?? null;
  if (!location) return { kind: 'no-locations' };
  const [orders, load] = await Promise.all([
    apiRequest(z.array(StaffOrderSchema), 'staff/orders', { token, query: { locationId: location.id } }),
    apiRequest(KitchenLoadSchema, `staff/locations/${location.id}/kitchen-load`, { token }),
  ]);
  const all = orders.ok ? orders.value : [];
  // A cancelled order leaves the active rails (nobody makes or hands it over) for a column of its own.
  const live = all.filter((o) => !o.cancelledAt);
  const columns: KitchenColumn[] = ([1, 2, 3, 4] as const).map((statusId) => {
    const inStatus = live.filter((o) => o.statusId === statusId);
    return {
      id: statusId,
      title: COLUMN_TITLES[statusId],
      orders: statusId === ORDER_STATUS.Completed ? inStatus.slice(-COMPLETED_SHOWN).reverse() : inStatus,
    };
  });
  const cancelled = all
    .filter((o) => o.cancelledAt)
    .sort((a, b) => Date.parse(b.cancelledAt ?? '') - Date.parse(a.cancelledAt ?? ''));
  columns.push({ id: 'cancelled', title: 'Cancelled', orders: cancelled.slice(0, COMPLETED_SHOWN) });
  return {
    kind: 'board',
    locations: locations.value,
    location,
    columns,
    load: load.ok ? load.value : null,
    error: orders.ok ? null : (orders.errors[0]?.message ?? 'The orders could not be loaded.'),
    renderedAt: Date.now(),
  };
}

/**
 * The pure parts of the reorder strip and the item page's reorder mode: labels, and a past line as the add-item
 * input and as the item form's preselection.
 */
import type { RecentOrderedItem } from '@storefront/contracts/accounts';
import type { SelectedModifier } from '@storefront/contracts/pricing';
import { DATE_FORMAT, formatInZone, formatLocalDate } from '@/lib/dates';

/**
 * 'Ordered on {MM/dd/yy}'. A calendar date is shown as it is; a date-time on the clock of the offset it was
 * written with (the store's).
 */
export function orderedOnLabel(orderDate: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(orderDate))
    return `Ordered on ${formatLocalDate(orderDate, DATE_FORMAT.short)}`;
  const offset = /([+-]\d{2}:\d{2})$/.exec(orderDate)?.[1] ?? 'UTC';
  return `Ordered on ${formatInZone(orderDate, offset, DATE_FORMAT.short)}`;
}

/** '{quantity} x {title}'. */
export const reorderLineLabel = (item: Pick<RecentOrderedItem, 'quantity' | 'title'>) =>
  `${item.quantity} x ${item.title}`;

/** The past line's choices as the item form starts with them (portion, modifiers, quantity and note). */
export interface ReorderPreselection {
  quantity: number;
  portionId: number | null;
  modifiers: SelectedModifier[];
  note: string | null;
}

export function reorderPreselection(item: RecentOrderedItem): ReorderPreselection {
  return {
    quantity: item.quantity,
    portionId: item.portionId,
    modifiers: item.selectedModifiers.map((m) => ({
      itemPathKey: m.itemPathKey,
      quantity: m.quantity,
      portionId: m.portionId,
    })),
    note: item.note,
  };
}

/** Where the strip adds to: the store's menu and today's snapshot of it. */
export interface ReorderTarget {
  locationId: number;
  menuType: 'menu' | 'catering';
  snapshotId: number;
}

/** The add-to-order input of a past line: a new line with the same choices, priced today by the API. */
export function reorderAddInput(item: RecentOrderedItem, target: ReorderTarget) {
  return {
    ...target,
    itemPathKey: item.itemPathKey,
    instanceId: null,
    ...reorderPreselection(item),
  };
}

/** The item page in reorder mode for a past line. */
export const reorderEditHref = (
  item: Pick<RecentOrderedItem, 'itemPathKey' | 'pastItemId'>,
  target: ReorderTarget,
) => `/${target.locationId}/${target.menuType}/${item.itemPathKey}?pastItemId=${item.pastItemId}`;

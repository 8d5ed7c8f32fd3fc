import { describe, expect, it } from 'vitest';
import type { LocationSearchItem, Store } from '@storefront/contracts/locations';
import { chooseDeliveryStore, deliveryStoreHref, isOpenAndOnline } from './delivery-decision';

function result(id: number, status: 'Open' | 'Closes Soon' | 'Closed', isOnline = true): LocationSearchItem {
  const item = {
    id,
    name: `Store ${id}`,
    isOnline,
    acceptOrdersWhenClosed: true,
    status: { locationStatus: status, description: '' },
  } as Partial<Store> as Store;
  return { item, distance: id };
}

describe('chooseDeliveryStore', () => {
  it('takes the first result that is open and online', () => {
    expect(
      chooseDeliveryStore([
        result(1, 'Closed'),
        result(2, 'Open', false),
        result(3, 'Closes Soon'),
        result(4, 'Open'),
      ]),
    ).toEqual({
      kind: 'store',
      locationId: 3,
    });
  });

  it('is out of range when no store delivers within the radius', () => {
    expect(chooseDeliveryStore([])).toEqual({ kind: 'out-of-range' });
  });

  it('is unavailable when stores are near but none is open and online', () => {
    expect(chooseDeliveryStore([result(1, 'Closed'), result(2, 'Open', false)])).toEqual({
      kind: 'unavailable',
    });
  });

  it('does not count a closed store that accepts scheduled orders, nor a missing status', () => {
    expect(isOpenAndOnline(result(1, 'Closed'))).toBe(false);
    const noStatus = result(2, 'Open');
    delete noStatus.item.status;
    expect(isOpenAndOnline(noStatus)).toBe(false);
  });

  it('goes to the store menu with delivery chosen', () => {
    expect(deliveryStoreHref(7)).toBe('/7/menu?fm=delivery');
  });
});

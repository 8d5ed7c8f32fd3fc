import { Clock } from '@/components/ui/static-icons';
import { FULFILLMENT_METHOD, FULFILLMENT_METHOD_LABEL, PICKUP_TYPE } from '@storefront/contracts/enum-values';
import type { StoreOrderSettings } from '../order-settings.queries';
import { EditOrderSettings } from './edit-order-settings';

/** The ETA line of a store that cannot take an order now (its blocking prompt), instead of a time. */
const NOT_TAKING_ORDERS: Partial<Record<NonNullable<StoreOrderSettings['prompt']>['kind'] | 'none', string>> =
  {
    offline: 'Not taking orders now (store offline)',
    'closed-search': 'Not taking orders now (store closed)',
  };

/**
 * The store header's ETA line: method and time ('Pickup: ASAP (about 15 mins)'), with Edit opening Order
 * Settings. A server component: its texts cost the browser nothing; only the Edit button is client code.
 */
export function OrderSettingsSummary({ settings }: { settings: StoreOrderSettings }) {
  const method = settings.fulfillmentMethod;
  if (method === null) {
    return (
      <p className="text-sm text-gray-800">This store does not take pickup or delivery orders online.</p>
    );
  }
  // A store that takes no order now offers no time at all: the line agrees with the chip (shownStoreStatus,
  // applied to the store this page loaded) and with the prompt over the page, which rank offline first too.
  const refusal = NOT_TAKING_ORDERS[settings.prompt?.kind ?? 'none'];
  const when = refusal
    ? refusal
    : settings.time.kind === 'SCHEDULED'
      ? settings.scheduledLabel
      : settings.schedulingRequired
        ? 'Schedule required'
        : // No ready time left today: the spec's message; Edit lets the guest schedule instead.
          (settings.asapProblem ?? `ASAP (about ${settings.asapMinutes} mins)`);
  const how =
    method === FULFILLMENT_METHOD.DineIn && settings.fulfillmentPlace
      ? `Table ${settings.fulfillmentPlace}`
      : method === FULFILLMENT_METHOD.Pickup && settings.pickupOption === PICKUP_TYPE.Curbside
        ? `Curbside${settings.fulfillmentPlace ? `, space ${settings.fulfillmentPlace}` : ''}`
        : null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-800">
      <Clock aria-hidden className="size-4" />
      <span>
        {FULFILLMENT_METHOD_LABEL[method]}
        {how ? ` (${how})` : ''}: <strong>{when}</strong>
      </span>
      <EditOrderSettings settings={{ ...settings, fulfillmentMethod: method }} />
    </p>
  );
}

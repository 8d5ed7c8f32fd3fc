/** Ordering spec, delivery address rules: whether the store delivers to the address in Order Settings. */
export const DELIVERY_AVAILABLE_MESSAGE = 'Delivery is available to this address';
export const DELIVERY_UNAVAILABLE_MESSAGE = 'Delivery unavailable to this address';

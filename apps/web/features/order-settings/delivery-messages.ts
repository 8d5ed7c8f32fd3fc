/** Ordering spec, delivery address rules: whether the store delivers to the address in Order Settings. */
export const DELIVERY_AVAILABLE_MESSAGE = 'Delivery is available to this address';
export const DELIVERY_UNAVAILABLE_MESSAGE = 'Delivery unavailable to this address';
/** Before any address is checked: a hint, not an error (issue 24: the error showed before anything was typed). */
export const DELIVERY_CHECK_HINT = 'Enter an address to see whether this store delivers there';

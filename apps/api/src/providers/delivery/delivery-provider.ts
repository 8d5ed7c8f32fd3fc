/**
 * The delivery-driver provider (spec: DoordashDrive) behind one interface: a quote for an address, and a
 * delivery created when the order is placed. The embedded default is a sandbox that answers at once.
 */
export interface DeliveryQuote {
  feeCents: number;
  etaMinutes: number;
}

export interface DeliveryDriverProvider {
  readonly name: 'DoordashDrive';
  /** Creates the delivery for a placed order; returns the provider's delivery id. */
  createDelivery(input: {
    orderId: number;
    locationId: number;
    dropoff: { line1: string; city: string; stateCode: string; zipCode: string };
    tipCents: number;
  }): Promise<{ deliveryId: string }>;
}

/** Sandbox DoordashDrive: deterministic delivery ids, no network. */
export const sandboxDoordashDrive: DeliveryDriverProvider = {
  name: 'DoordashDrive',
  async createDelivery(input) {
    return { deliveryId: `dd-sandbox-${input.locationId}-${input.orderId}` };
  },
};

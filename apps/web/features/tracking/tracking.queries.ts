import 'server-only';
import type { PickupDataBody } from '@storefront/contracts/checkout';
import { z } from 'zod';
import { cache } from 'react';
import {
  ORDER_STATUS_STAGES,
  TrackingDetailsSchema,
  TrackingSettingsSchema,
  TrackingStatusSchema,
  type TrackingDetails,
  type TrackingSettings,
  type TrackingStatus,
} from '@storefront/contracts/tracking';
import { UiTemplateSchema } from '@storefront/contracts/templates';
import { apiRequest, type ApiResult } from '@/lib/api';
import { themeFromTemplate, type ThemeInput } from '@/lib/theme';

/** The API's tracking routes; they authenticate with the order's tracking token, not the session token. */
const trackingPath = {
  details: (orderId: number) => `tracking/orders/${orderId}`,
  status: (orderId: number) => `tracking/orders/${orderId}/status`,
  settings: (orderId: number) => `tracking/orders/${orderId}/settings`,
  pickupData: (orderId: number) => `tracking/orders/${orderId}/pickup-data`,
};

const ORDER_ID = /^[1-9]\d{0,15}$/;
const TOKEN = /^[\w.-]{10,4000}$/;

/** A positive order id from a query value, or null. */
export function parseOrderId(value: string | null | undefined): number | null {
  return value && ORDER_ID.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
}

/** A JWT-looking tracking token from a query value or an `Authorization: Bearer` header, or null. */
export function parseTrackingToken(value: string | null | undefined): string | null {
  const token = value?.replace(/^Bearer\s+/i, '').trim();
  return token && TOKEN.test(token) ? token : null;
}

export function getTrackingDetails(orderId: number, token: string): Promise<ApiResult<TrackingDetails>> {
  return apiRequest(TrackingDetailsSchema, trackingPath.details(orderId), { token });
}

export function getTrackingStatus(orderId: number, token: string): Promise<ApiResult<TrackingStatus>> {
  return apiRequest(TrackingStatusSchema, trackingPath.status(orderId), { token });
}

export function getTrackingSettings(orderId: number, token: string): Promise<ApiResult<TrackingSettings>> {
  return apiRequest(TrackingSettingsSchema, trackingPath.settings(orderId), { token });
}

/** PUT /fulfillment-order: the pickup option changed after ordering (the response is not read). */
export function updateTrackedPickup(
  orderId: number,
  token: string,
  body: PickupDataBody,
): Promise<ApiResult<unknown>> {
  return apiRequest(z.unknown(), trackingPath.pickupData(orderId), { token, method: 'PUT', body });
}

export type TrackingPage =
  | { kind: 'unavailable'; companyName: string }
  | {
      kind: 'ok';
      companyName: string;
      theme: ThemeInput | null;
      orderId: number;
      trackingToken: string;
      details: TrackingDetails;
      stages: readonly { stage: number; label: string }[];
      /** The template's status display (orderStatusForWebOrdering.enabled): off, no timeline and no polling. */
      statusDisplay: boolean;
      /** When the server read the order (epoch ms): the ETA renders as of then, the browser moves on. */
      renderedAt: number;
    };

const FALLBACK_COMPANY = 'Online Ordering';

/**
 * What /order-tracking?oid&tk shows: the order's details for a valid link, or 'unavailable' for a missing,
 * unknown or expired one (the API answers 401/403/404). An unreachable API throws to the error boundary.
 */
export const getTrackingPage = cache(async (oid?: string, tk?: string): Promise<TrackingPage> => {
  const orderId = parseOrderId(oid);
  const token = parseTrackingToken(tk);
  if (orderId === null || token === null) {
    return { kind: 'unavailable', companyName: await companyName(null) };
  }
  const details = await getTrackingDetails(orderId, token);
  if (!details.ok) {
    if (details.status >= 500) throw new Error(`Tracking details failed (${details.status})`);
    return { kind: 'unavailable', companyName: await companyName(null) };
  }
  const locationId = details.value.order.context.locationId;
  const template = await apiRequest(UiTemplateSchema, 'technology/ui-templates', {
    query: { locationId },
    revalidate: 60,
  });
  const settings = template.ok ? template.value.orderStatusForWebOrdering : null;
  const stages =
    settings?.orderStatusStages.length === ORDER_STATUS_STAGES.length
      ? settings.orderStatusStages
      : details.value.status.stages.length > 0
        ? details.value.status.stages
        : ORDER_STATUS_STAGES;
  return {
    kind: 'ok',
    companyName: template.ok ? template.value.companyName : FALLBACK_COMPANY,
    theme: template.ok ? themeFromTemplate(template.value) : null,
    orderId,
    trackingToken: token,
    details: details.value,
    stages,
    statusDisplay: settings?.enabled ?? true,
    renderedAt: Date.now(),
  };
});

async function companyName(locationId: number | null): Promise<string> {
  const template = await apiRequest(UiTemplateSchema, 'technology/ui-templates', {
    query: { locationId: locationId ?? undefined },
    revalidate: 60,
  });
  return template.ok ? template.value.companyName : FALLBACK_COMPANY;
}

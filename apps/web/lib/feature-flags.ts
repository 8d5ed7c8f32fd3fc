import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import { FeatureFlagSchema } from '@storefront/contracts/templates';
import { apiRequest } from './api';

/**
 * The names of the enabled feature flags. The flags are optional behaviour: when the API cannot answer,
 * every flag reads as off (an empty list) rather than failing the page.
 */
export const getEnabledFeatureFlags = cache(async (): Promise<string[]> => {
  const result = await apiRequest(z.array(FeatureFlagSchema), 'feature-flags', {
    token: null,
    revalidate: 10,
  });
  return result.ok ? result.value.filter((f) => f.enabled).map((f) => f.name) : [];
});

export async function isFeatureEnabled(name: string): Promise<boolean> {
  return (await getEnabledFeatureFlags()).includes(name);
}

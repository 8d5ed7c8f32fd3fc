'use client';

import { useSyncExternalStore } from 'react';
import { ErrorScreen } from '@/components/ui/error-screen';
import { isBotAgent } from '@/lib/bot-agent';

const noSubscription = () => () => undefined;

/**
 * Unhandled errors of a page: the error page with status code and message; not for bot user agents (ordering
 * spec section 4), which also meet this boundary when they run the page's scripts: they get an empty page.
 */
export default function RouteError({ error }: { error: Error & { digest?: string } }) {
  const bot = useSyncExternalStore(
    noSubscription,
    () => isBotAgent(navigator.userAgent),
    () => false,
  );
  if (bot) return null;
  return (
    <ErrorScreen
      statusCode={500}
      message={
        error.digest ? `An unexpected error occurred (${error.digest})` : 'An unexpected error occurred'
      }
    />
  );
}

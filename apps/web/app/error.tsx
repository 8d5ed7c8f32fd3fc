'use client';

import { ErrorScreen } from '@/components/ui/error-screen';

/** Unhandled errors of a page: the error page with status code and message. */
export default function RouteError({ error }: { error: Error & { digest?: string } }) {
  return (
    <ErrorScreen
      statusCode={500}
      message={
        error.digest ? `An unexpected error occurred (${error.digest})` : 'An unexpected error occurred'
      }
    />
  );
}

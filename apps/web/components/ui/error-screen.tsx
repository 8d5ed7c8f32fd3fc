import Link from 'next/link';
import { cn } from '@/lib/cn';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

/** The store an error happened in, when it is known: its brand on the header and a way back to its menu. */
export interface ErrorStore {
  brandName: string;
  /** The store's menu or catering page ('Back to menu'). */
  menuHref: string;
}

const LINK = 'inline-flex min-h-11 items-center justify-center rounded-full px-6 py-3 font-semibold';

/**
 * The error page: 'Error', the status code and message, a logo link to / and 'Go back home' (spec). Within a
 * known store (a stale item link) it keeps the store's brand and colours (the store layout's theme) and leads
 * with 'Back to menu', as a guest who followed an old link expects to stay in that store; 'Go back home' stays
 * beside it, as the spec asks of every error page.
 */
export function ErrorScreen({
  statusCode,
  message,
  store = null,
  companyName = 'Online Ordering',
  forBot = false,
}: {
  statusCode: number;
  message: string;
  store?: ErrorStore | null;
  /** The brand's company name for pages outside a store (the UI template's); the generic name without one. */
  companyName?: string;
  /** A crawler asked (lib/bot.ts): the spec shows it no error page, only the status code the answer carries. */
  forBot?: boolean;
}) {
  if (forBot) return <main id={MAIN_CONTENT_ID} />;
  return (
    <>
      <SiteHeader brandName={store?.brandName ?? companyName} logoHref="/" />
      <main
        id={MAIN_CONTENT_ID}
        className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      >
        <h1 className="text-3xl font-bold">Error</h1>
        <p className="text-5xl font-bold text-brand">{statusCode}</p>
        <p className="text-lg text-gray-700">{message}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {store ? (
            <Link href={store.menuHref} className={cn(LINK, 'bg-button text-button-fg')}>
              Back to menu
            </Link>
          ) : null}
          <Link
            href="/"
            className={cn(
              LINK,
              store
                ? 'border-2 border-button bg-button-secondary text-button-secondary-fg'
                : 'bg-button text-button-fg',
            )}
          >
            Go back home
          </Link>
        </div>
      </main>
    </>
  );
}

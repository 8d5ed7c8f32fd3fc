import { Suspense } from 'react';
import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import '@/styles/linked-stylesheet';
import { InlineStylesheet } from '@/styles/inline-stylesheet';
import { PageNavigation } from '@/components/ui/page-navigation';
import { PageVisits } from '@/components/page-visits';
import { SiteFooter } from '@/components/ui/site-footer';
import { SkipLink } from '@/components/ui/skip-link';
import { ToastProvider } from '@/components/ui/toast';
import { LoginResultToast } from '@/features/session/components/login-result-toast';
import { SessionNotice } from '@/features/session/components/session-notice';
import { CspNonce } from '@/lib/csp-browser';
import { NONCE_HEADER } from '@/lib/security-headers';

export const metadata: Metadata = {
  title: { default: 'Online Ordering', template: '%s' },
  description: 'Order food online for pickup.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The proxy's per-request CSP nonce (Next applies it to its own scripts from the request's policy). Reading
  // it makes every page dynamic, which a nonce needs anyway: a prerendered page would carry a stale one.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="en">
      <body className="min-h-dvh antialiased">
        <CspNonce nonce={nonce} />
        <InlineStylesheet nonce={nonce} />
        {/* First in the tab order on every page, before each page's own header. */}
        <SkipLink />
        {/* Reads the search params: its own boundary, so that nothing else waits on them. */}
        <Suspense fallback={null}>
          <PageNavigation />
        </Suspense>
        {/* Page-visit analytics (nothing under Do Not Track or Global Privacy Control). */}
        <PageVisits />
        <ToastProvider>
          {children}
          <SiteFooter />
          <SessionNotice />
          {/* A sign-in's loginResult, on whichever page it returned to (reads the search params). */}
          <Suspense fallback={null}>
            <LoginResultToast />
          </Suspense>
        </ToastProvider>
      </body>
    </html>
  );
}

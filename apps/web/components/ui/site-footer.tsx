'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/**
 * Pages without the footer: checkout and payment hide it (ordering spec section 2, checkout spec section 2),
 * and so does the activation page; the kitchen and the mailbox are staff and developer screens.
 */
const NO_FOOTER = ['/checkout', '/payment', '/activation', '/kitchen', '/mailbox'];

export function footerHiddenOn(pathname: string): boolean {
  return NO_FOOTER.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The site footer on every guest page: the accessibility statement. */
export function SiteFooter() {
  const pathname = usePathname() ?? '/';
  if (footerHiddenOn(pathname)) return null;
  return (
    // Room below on phones, where the My Order bar is fixed to the bottom of the screen.
    <footer className="border-t border-gray-200 bg-white px-4 pb-24 pt-4 text-sm text-gray-700 md:pb-4">
      <nav aria-label="Footer" className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2">
        <Link href="/accessibility" prefetch={false} className="inline-flex min-h-11 items-center underline">
          Accessibility
        </Link>
      </nav>
    </footer>
  );
}

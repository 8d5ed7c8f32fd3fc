'use client';

import type { ComponentProps } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';

/**
 * A link that prefetches its page only when the guest shows intent (pointer over it, focus, a touch), never
 * because it scrolled into view. For lists of links of which a guest follows one: the search results prefetched
 * every listed store's menu while the page loaded, requests and main-thread work the page's own load competed
 * with. `prefetch={false}` also turns off Next's own hover prefetch, hence the handlers.
 */
export function IntentPrefetchLink({
  href,
  onMouseEnter,
  onFocus,
  onTouchStart,
  ...props
}: Omit<ComponentProps<typeof Link>, 'href' | 'prefetch'> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetch();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetch();
      }}
    />
  );
}

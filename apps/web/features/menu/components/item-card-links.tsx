'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';

const CompactItemModal = dynamic(
  () => import('@/features/item/components/compact-item-modal').then((m) => m.CompactItemModal),
  { ssr: false },
);

/**
 * The menu's item cards are plain links (server-rendered, nothing to hydrate per card, so a 300-item menu costs
 * the browser no more script work than a 30-item one); this one listener gives them in-app navigation: a plain
 * click opens the item page through the router (the layout's NavigationProgress shows the load), or, with the 'enable compact
 * item view' flag, the item in the compact modal over the menu. Modified clicks (new tab) and visits without
 * script follow the link. A card opening the item page stays pressed (aria-busy, styled in globals.css) until
 * the page arrives: on a slow phone network the tap otherwise showed nothing for a second (issue 37).
 */
export function ItemCardLinks({
  locationId,
  menuType,
  compact,
  children,
}: {
  locationId: number;
  menuType: 'menu' | 'catering';
  compact: boolean;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const [itemPathKey, setItemPathKey] = useState<string | null>(null);
  const close = useCallback(() => setItemPathKey(null), []);
  const pending = useRef<HTMLAnchorElement | null>(null);
  useEffect(() => {
    // A page restored from the back-forward cache shows no card still on its way.
    const clear = () => {
      pending.current?.removeAttribute('aria-busy');
      pending.current = null;
    };
    window.addEventListener('pageshow', clear);
    return () => window.removeEventListener('pageshow', clear);
  }, []);
  return (
    <div
      data-compact-items={compact ? '' : undefined}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-item-key]');
        const key = link?.dataset.itemKey;
        if (!link || !key) return;
        event.preventDefault();
        if (compact) {
          setItemPathKey(key);
          return;
        }
        pending.current?.removeAttribute('aria-busy');
        pending.current = link;
        link.setAttribute('aria-busy', 'true');
        router.push(link.getAttribute('href') ?? '');
      }}
    >
      {children}
      {itemPathKey ? (
        <CompactItemModal
          key={itemPathKey}
          locationId={locationId}
          menuType={menuType}
          itemPathKey={itemPathKey}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

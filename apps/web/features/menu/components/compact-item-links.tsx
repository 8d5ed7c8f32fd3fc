'use client';

import { useCallback, useState } from 'react';
import dynamic from 'next/dynamic';

const CompactItemModal = dynamic(
  () => import('@/features/item/components/compact-item-modal').then((m) => m.CompactItemModal),
  { ssr: false },
);

/**
 * With the 'enable compact item view' flag, a plain click on an item card (a link to the item page, marked
 * data-item-key) opens the item in the compact modal over the menu instead; modified clicks (new tab) and
 * no-JS visits still follow the link. One listener for the whole menu keeps the cards server components.
 */
export function CompactItemLinks({
  locationId,
  menuType,
  children,
}: {
  locationId: number;
  menuType: 'menu' | 'catering';
  children: React.ReactNode;
}) {
  const [itemPathKey, setItemPathKey] = useState<string | null>(null);
  const close = useCallback(() => setItemPathKey(null), []);
  return (
    <div
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-item-key]');
        const key = link?.dataset.itemKey;
        if (!key) return;
        event.preventDefault();
        setItemPathKey(key);
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

import Image from 'next/image';
import Link from 'next/link';
import { UtensilsCrossed } from 'lucide-react';
import { IMAGE_SIZES } from '@storefront/contracts/menu';
import { Price } from '@/components/ui/price';
import { cn } from '@/lib/cn';
import { menuImageSrc, type MenuCardView } from '../menu-view';

export const NOT_AVAILABLE_LABEL = 'Not Available';

const { width, height } = IMAGE_SIZES.menuItem;

/** An item card: picture (226x170), title, price and calories; out-of-stock items are not links. */
export function MenuItemCard({
  item,
  href,
  eagerImage = false,
}: {
  item: MenuCardView;
  href: string;
  /** The first cards above the fold load their picture at once (LCP). */
  eagerImage?: boolean;
}) {
  const body = (
    <>
      <div className="relative aspect-[226/170] w-32 shrink-0 overflow-hidden rounded-xl bg-gray-100 sm:w-full">
        {item.imageFileId ? (
          <Image
            src={menuImageSrc(item.imageFileId, IMAGE_SIZES.menuItem)}
            alt=""
            width={width}
            height={height}
            unoptimized
            priority={eagerImage}
            className={cn('size-full object-cover', item.isOutOfStock && 'opacity-50 grayscale')}
          />
        ) : (
          <UtensilsCrossed aria-hidden className="absolute inset-0 m-auto size-8 text-gray-500" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold text-gray-900">{item.title}</h3>
        {item.shortDescription ? (
          <p className="line-clamp-2 text-sm text-gray-700">{item.shortDescription}</p>
        ) : null}
        <p className="mt-auto flex flex-wrap items-center gap-x-3 text-sm">
          {item.isOutOfStock ? (
            <span className="font-semibold text-red-800">{NOT_AVAILABLE_LABEL}</span>
          ) : item.price !== null ? (
            <Price dollars={item.price} className="font-semibold text-gray-900" />
          ) : null}
          {item.calories ? <span className="text-gray-700">{item.calories}</span> : null}
        </p>
      </div>
    </>
  );
  const frame = 'flex h-full gap-3 rounded-2xl border border-gray-200 bg-white p-3 sm:flex-col';
  if (item.isOutOfStock) {
    return (
      <div className={cn(frame, 'bg-gray-50')} aria-disabled="true">
        {body}
      </div>
    );
  }
  return (
    <Link href={href} className={cn(frame, 'transition hover:border-gray-400 hover:shadow')}>
      {body}
    </Link>
  );
}

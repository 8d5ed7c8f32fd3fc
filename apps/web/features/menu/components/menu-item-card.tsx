import { UtensilsCrossed } from '@/components/ui/static-icons';
import { MENU_LAYOUT, type MenuLayout } from '@storefront/contracts/enum-values';
import { IMAGE_SIZES } from '@storefront/contracts/image-sizes';
import type { CardPrice } from '@storefront/contracts/menu-display';
import { formatCents } from '@storefront/contracts/money';
import { SizedImage } from '@/components/ui/sized-image';
import { cn } from '@/lib/cn';
import { imageSrc } from '@/lib/image-src';
import type { MenuCardView } from '../menu-view';

const { width, height } = IMAGE_SIZES.menuItem;

/** '$9.49', or 'from $2.99' for a rolled-up price. */
export function cardPriceLabel(price: CardPrice): string {
  return price.kind === 'from' ? `from ${formatCents(price.cents)}` : formatCents(price.cents);
}

/** Each layout's card frame. */
const CARD_FRAME: Record<MenuLayout, string> = {
  [MENU_LAYOUT.Condensed]:
    'flex h-full items-start justify-between gap-3 rounded-xl border border-gray-200 bg-white px-4 py-3',
  [MENU_LAYOUT.ImageGrid]: 'flex h-full flex-col gap-2 rounded-2xl border border-gray-200 bg-white p-2',
  [MENU_LAYOUT.Standard]: 'flex h-full gap-3 rounded-2xl border border-gray-200 bg-white p-3 sm:flex-col',
};
const IMAGE_BOX = 'relative aspect-[226/170] shrink-0 overflow-hidden rounded-xl bg-gray-100';
const IMAGE_WIDTH: Record<MenuLayout, string> = {
  [MENU_LAYOUT.Condensed]: '',
  [MENU_LAYOUT.ImageGrid]: 'w-full',
  [MENU_LAYOUT.Standard]: 'w-32 sm:w-full',
};

function CardImage({ item, eager, className }: { item: MenuCardView; eager: boolean; className?: string }) {
  return (
    <div className={cn(IMAGE_BOX, className)}>
      {item.imageFileId ? (
        // Width and height reserve the box (no layout shift); the first row loads at once with high priority.
        <SizedImage
          src={imageSrc(item.imageFileId, IMAGE_SIZES.menuItem)}
          width={width}
          height={height}
          eager={eager}
          className={cn('size-full object-cover', item.unavailable && 'opacity-50 grayscale')}
        />
      ) : (
        <UtensilsCrossed aria-hidden className="absolute inset-0 m-auto size-8 text-gray-500" />
      )}
    </div>
  );
}

function PriceLine({ item }: { item: MenuCardView }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 text-sm">
      {item.unavailable ? (
        <span className="font-semibold text-red-800">{item.unavailable}</span>
      ) : item.price ? (
        <span className="font-semibold text-gray-900">{cardPriceLabel(item.price)}</span>
      ) : null}
      {item.calories ? <span className="text-gray-700">{item.calories}</span> : null}
    </p>
  );
}

/**
 * An item card in its category's layout: Standard (picture beside the text on phones, above it on wider
 * screens), ImageGrid (a large picture above a short caption) or Condensed (a text row without picture).
 * Pictures are 226x170. Out-of-stock items read 'Not Available', items the chosen method cannot serve 'Not
 * available for Delivery'; neither is a link.
 */
export function MenuItemCard({
  item,
  href,
  layout = MENU_LAYOUT.Standard,
  eagerImage = false,
}: {
  item: MenuCardView;
  href: string;
  layout?: MenuLayout;
  /** The first cards above the fold load their picture at once (LCP). */
  eagerImage?: boolean;
}) {
  const frame = CARD_FRAME[layout];
  let body: React.ReactNode;
  if (layout === MENU_LAYOUT.Condensed) {
    body = (
      <>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 className="font-semibold text-gray-900">{item.title}</h3>
          {item.shortDescription ? (
            <p className="line-clamp-1 text-sm text-gray-700">{item.shortDescription}</p>
          ) : null}
        </div>
        <div className="shrink-0 text-right">
          <PriceLine item={item} />
        </div>
      </>
    );
  } else if (layout === MENU_LAYOUT.ImageGrid) {
    body = (
      <>
        <CardImage item={item} eager={eagerImage} className={IMAGE_WIDTH[layout]} />
        <div className="flex flex-col gap-1 px-1 pb-1">
          <h3 className="line-clamp-2 font-semibold text-gray-900">{item.title}</h3>
          <PriceLine item={item} />
        </div>
      </>
    );
  } else {
    body = (
      <>
        <CardImage item={item} eager={eagerImage} className={IMAGE_WIDTH[layout]} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="font-semibold text-gray-900">{item.title}</h3>
          {item.shortDescription ? (
            <p className="line-clamp-2 text-sm text-gray-700">{item.shortDescription}</p>
          ) : null}
          <div className="mt-auto">
            <PriceLine item={item} />
          </div>
        </div>
      </>
    );
  }
  if (item.unavailable) {
    return (
      <div className={cn(frame, 'bg-gray-50')} aria-disabled="true">
        {body}
      </div>
    );
  }
  // A plain link: ItemCardLinks (one listener for the whole menu) gives it in-app navigation.
  return (
    <a
      href={href}
      data-item-key={item.itemPathKey}
      className={cn(frame, 'transition hover:border-gray-400 hover:shadow')}
    >
      {body}
    </a>
  );
}

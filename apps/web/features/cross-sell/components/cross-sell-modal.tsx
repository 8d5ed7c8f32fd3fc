'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  CROSS_SELL_CAROUSEL_AFTER,
  CROSS_SELL_DEFAULT_DESCRIPTION,
  CROSS_SELL_DEFAULT_TITLE,
  CROSS_SELL_IMAGE_SIZE,
  CROSS_SELL_WIDE_AFTER,
  type CrossSellMoment,
  type CrossSellOffer,
  type CrossSellOfferedItem,
} from '@storefront/contracts/cross-sell';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Price } from '@/components/ui/price';
import { SizedImage } from '@/components/ui/sized-image';
import { cn } from '@/lib/cn';
import { imageSrc } from '@/lib/image-src';
import { ADD_FAILURE, addFailureText, type AddFailureKind } from '@/features/order/add-failure';
import { addOrderItem } from '@/features/order/order.actions';
import { startNavigationProgress } from '@/components/ui/navigation-progress';

/** The breakpoint between the mobile and desktop layouts; crossing it closes the modal (spec section 4). */
const DESKTOP_QUERY = '(min-width: 768px)';

export interface CrossSellTarget {
  locationId: number;
  menuType: 'menu' | 'catering';
  /** The order's menu snapshot (direct adds go on it). */
  snapshotId: number;
}

/** Where an offered item needing choices is customised: its item page, back to checkout after adding. */
export function crossSellItemHref(target: CrossSellTarget, item: CrossSellOfferedItem, offerId: string) {
  const query = new URLSearchParams({ crossSellId: offerId, next: 'checkout' });
  return `/${target.locationId}/${target.menuType}/${item.itemPathKey}?${query.toString()}`;
}

/**
 * The cross-sell modal ('Complete Your Meal!' unless the offer names itself). Items without choices are added
 * directly with the offer id; the others open their item page with crossSellId and next=checkout. Opened on the
 * way to checkout, closing it (or adding an item) continues to /checkout. More than 3 items widen the modal,
 * more than 4 scroll as a carousel; switching between the desktop and mobile layouts closes it.
 */
export function CrossSellModal({
  offer,
  moment,
  target,
  onClose,
}: {
  offer: CrossSellOffer;
  moment: CrossSellMoment;
  target: CrossSellTarget;
  onClose: () => void;
}) {
  const router = useRouter();
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState<string | null>(null);
  const [failure, setFailure] = useState<AddFailureKind | null>(null);
  const [, startTransition] = useTransition();
  const track = useRef<HTMLUListElement>(null);
  const items = offer.offeredMenuItems;
  const carousel = items.length > CROSS_SELL_CAROUSEL_AFTER;
  const wide = items.length > CROSS_SELL_WIDE_AFTER;
  const atCheckout = moment === 'Checkout';

  const close = () => {
    onClose();
    if (atCheckout) {
      startNavigationProgress();
      router.push('/checkout');
    }
  };

  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => onClose();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [onClose]);

  const add = (item: CrossSellOfferedItem) => {
    setAdding(item.itemPathKey);
    setFailure(null);
    startTransition(async () => {
      const result = await addOrderItem({
        ...target,
        itemPathKey: item.itemPathKey,
        instanceId: null,
        quantity: 1,
        portionId: null,
        modifiers: [],
        note: null,
        crossSellOfferId: offer.offerId,
      });
      setAdding(null);
      if (!result.ok) {
        // A menu that changed meanwhile (21031) was already retried once by the action: nothing the guest can fix.
        setFailure(result.reason === 'customization' ? 'customization' : 'unexpected');
        return;
      }
      setAdded((done) => new Set(done).add(item.itemPathKey));
      if (atCheckout) close();
      else router.refresh();
    });
  };

  const scroll = (direction: 1 | -1) => {
    const list = track.current;
    if (!list) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: direction * list.clientWidth * 0.8, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={offer.title ?? CROSS_SELL_DEFAULT_TITLE}
      description={offer.description ?? CROSS_SELL_DEFAULT_DESCRIPTION}
      width={wide ? '3xl' : 'xl'}
      actions={
        <Button variant="secondary" onClick={close}>
          {atCheckout ? 'Continue to Checkout' : added.size > 0 ? 'Done' : 'No, thanks'}
        </Button>
      }
    >
      <div className="relative">
        <ul
          ref={track}
          aria-label="Suggested items"
          className={cn(
            'gap-3',
            carousel
              ? 'flex snap-x snap-mandatory overflow-x-auto scroll-smooth pb-2'
              : wide
                ? 'grid grid-cols-2 sm:grid-cols-4'
                : 'grid grid-cols-2 sm:grid-cols-3',
          )}
        >
          {items.map((item) => (
            <li
              key={item.itemPathKey}
              className={cn(
                'flex flex-col gap-2 rounded-xl border border-gray-200 p-3',
                // From the sm breakpoint four cards fill the track exactly (three 0.75rem gaps), so the fourth is not
                // cut at the edge; the fifth on is reached by scrolling.
                carousel && 'w-40 shrink-0 snap-start sm:w-[calc((100%-2.25rem)/4)]',
              )}
            >
              {item.displayAttribute.imageFileId ? (
                <SizedImage
                  src={imageSrc(item.displayAttribute.imageFileId, CROSS_SELL_IMAGE_SIZE)}
                  width={CROSS_SELL_IMAGE_SIZE.width}
                  height={CROSS_SELL_IMAGE_SIZE.height}
                  className="aspect-[4/3] w-full rounded-lg object-cover"
                />
              ) : (
                <div aria-hidden className="aspect-[4/3] w-full rounded-lg bg-gray-100" />
              )}
              <p className="font-semibold leading-tight">{item.displayAttribute.itemTitle}</p>
              <Price dollars={item.price} className="text-sm tabular-nums text-gray-800" />
              <div className="mt-auto">
                {added.has(item.itemPathKey) ? (
                  <p className="py-2 text-center text-sm font-semibold text-green-800" role="status">
                    Added
                  </p>
                ) : item.customizable ? (
                  <Link
                    href={crossSellItemHref(target, item, offer.offerId)}
                    onClick={onClose}
                    aria-label={`Customize ${item.displayAttribute.itemTitle}`}
                    // The height of the Add button beside it (min-h-11: a 44 px touch target).
                    className="flex min-h-11 items-center justify-center rounded-full border-2 border-button px-3 py-1.5 text-center text-sm font-semibold text-button-secondary-fg hover:bg-gray-50"
                  >
                    Customize
                  </Link>
                ) : (
                  <Button
                    block
                    loading={adding === item.itemPathKey}
                    disabled={adding !== null}
                    onClick={() => add(item)}
                    aria-label={`Add ${item.displayAttribute.itemTitle}`}
                    className="py-1.5 text-sm"
                  >
                    Add
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {carousel ? (
          <div className="mt-2 flex justify-end gap-2">
            <button
              type="button"
              onClick={() => scroll(-1)}
              aria-label="Previous items"
              className="grid size-11 place-items-center rounded-full border border-gray-300 hover:bg-gray-100"
            >
              <ChevronLeft aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => scroll(1)}
              aria-label="Next items"
              className="grid size-11 place-items-center rounded-full border border-gray-300 hover:bg-gray-100"
            >
              <ChevronRight aria-hidden className="size-5" />
            </button>
          </div>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          <strong>{ADD_FAILURE[failure].title}</strong> {addFailureText(failure)}
        </p>
      ) : null}
    </Dialog>
  );
}

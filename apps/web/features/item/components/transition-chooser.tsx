'use client';

import { useId, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { IMAGE_SIZES } from '@storefront/contracts/image-sizes';
import type { MenuNode, TransitionItem } from '@storefront/contracts/menu';
import { formatCents } from '@storefront/contracts/money';
import { defaultSelection, priceItem } from '@storefront/contracts/pricing';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import {
  fromSelectedModifiers,
  selectionChanges,
  toSelectedModifiers,
  type ModifierQuantities,
} from '../item-selection';
import type { LivePriceRequest } from '../item-pricing';
import { carrySelection, encodeSelection } from '../item-transition';
import { useLivePrice } from '../use-live-price';

export const TRANSITIONS_ERROR = 'Failed to fetch transition items';

/** The transition items of the page's item, or the failure to fetch them. */
export type TransitionsState = { ok: true; items: TransitionItem[] } | { ok: false };

/**
 * The transition chooser ('Make it a combo'): a dialog 'Select One' listing the items this item turns into, a
 * preview of the chosen one (picture, description, price with the guest's choices carried over), and Continue,
 * which moves the page to that item's path with the carried selection. Editing an order line (`instanceId`), the
 * preview is the line's price as that item and the page stays in edit mode for the line.
 */
export function TransitionChooser({
  item,
  transitions,
  quantities,
  quantity,
  snapshotId,
  instanceId = null,
  itemHref,
  fetcher,
}: {
  item: MenuNode;
  transitions: TransitionsState;
  quantities: ModifierQuantities;
  quantity: number;
  snapshotId: number;
  /** The order line being edited (?instance=), or null when adding. */
  instanceId?: number | null;
  /** The page of another item of this menu: `/{locationId}/{menu|catering}/{key}`. */
  itemHref: (itemPathKey: string) => string;
  fetcher?: typeof fetch;
}) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const title = item.itemTransitions?.title ?? 'Select One';
  const items = transitions.ok ? transitions.items : [];
  const chosen = items.find((t) => t.itemPathKey === chosenKey) ?? null;

  const carried = useMemo(
    () => (chosen ? carrySelection(item, quantities, chosen.item) : null),
    [chosen, item, quantities],
  );
  const localCents = useMemo(() => {
    if (!chosen || !carried) return 0;
    const portion = defaultSelection(chosen.item).portionId ?? null;
    return priceItem(chosen.item, { quantity, portionId: portion, modifiers: toSelectedModifiers(carried) })
      .totalCents;
  }, [chosen, carried, quantity]);
  const request = useMemo<LivePriceRequest | null>(() => {
    if (!chosen || !carried) return null;
    const defaults = defaultSelection(chosen.item);
    const selection = {
      quantity,
      portionId: defaults.portionId ?? null,
      sequenceOfChanges: selectionChanges(fromSelectedModifiers(defaults.modifiers), carried),
    };
    return instanceId === null
      ? { mode: 'menu', snapshotId, itemPathKey: chosen.itemPathKey, ...selection }
      : { mode: 'line', instanceId, transitionItemPathKey: chosen.itemPathKey, ...selection };
  }, [chosen, carried, snapshotId, quantity, instanceId]);
  const price = useLivePrice(request, localCents, fetcher);

  if (!transitions.ok) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800">
        {TRANSITIONS_ERROR}
      </p>
    );
  }
  if (items.length === 0) return null;

  const go = () => {
    if (!chosen || !carried) return;
    const query = new URLSearchParams({
      ...(instanceId === null ? {} : { instance: String(instanceId) }),
      selection: encodeSelection(carried),
      quantity: String(quantity),
    });
    router.push(`${itemHref(chosen.itemPathKey)}?${query.toString()}`);
  };
  const display = chosen?.item.displayAttribute ?? null;

  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        {title}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setChosenKey(null);
        }}
        title="Select One"
        description={title}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button disabled={!chosen} onClick={go}>
              Continue
            </Button>
          </>
        }
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Select One</legend>
          {items.map((t) => {
            const inputId = `${id}-${t.itemPathKey}`;
            return (
              <div
                key={t.itemPathKey}
                className={cn(
                  'flex items-center gap-3 rounded-xl border-2 p-3',
                  t.itemPathKey === chosenKey ? 'border-[var(--button)]' : 'border-gray-200',
                )}
              >
                <input
                  id={inputId}
                  type="radio"
                  name={`${id}-transition`}
                  checked={t.itemPathKey === chosenKey}
                  disabled={t.item.isOutOfStock}
                  onChange={() => setChosenKey(t.itemPathKey)}
                  className="size-5 accent-[var(--button)]"
                />
                <label htmlFor={inputId} className="flex-1 font-semibold">
                  {t.title}
                  {t.item.isOutOfStock ? (
                    <span className="ml-2 text-sm text-gray-700">Not Available</span>
                  ) : null}
                </label>
              </div>
            );
          })}
        </fieldset>
        {chosen ? (
          <section aria-label={`Preview of ${chosen.title}`} className="mt-4 flex flex-col gap-2">
            {display?.imageFileId ? (
              // eslint-disable-next-line @next/next/no-img-element -- sized by the API's image route
              <img
                src={`/images/${encodeURIComponent(display.imageFileId)}?width=${IMAGE_SIZES.itemPage.width}&height=${IMAGE_SIZES.itemPage.height}`}
                alt={chosen.title}
                width={IMAGE_SIZES.itemPage.width}
                height={IMAGE_SIZES.itemPage.height}
                className="aspect-[828/622] max-h-48 w-full rounded-xl bg-gray-100 object-cover"
              />
            ) : null}
            <p className="text-lg font-bold">{chosen.title}</p>
            {display?.description ? <p className="text-sm text-gray-700">{display.description}</p> : null}
            <p className="font-semibold tabular-nums" data-testid="transition-price">
              {formatCents(price.totalCents)}
            </p>
          </section>
        ) : null}
      </Dialog>
    </>
  );
}

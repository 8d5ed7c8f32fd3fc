'use client';

import { useId, useMemo, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { ChevronRight } from 'lucide-react';
import { IMAGE_SIZES } from '@storefront/contracts/image-sizes';
import type { MenuNode, TransitionItem } from '@storefront/contracts/menu';
import { findMenuNode } from '@storefront/contracts/menu-tree';
import { formatCents } from '@storefront/contracts/money';
import { defaultSelection, priceItem } from '@storefront/contracts/pricing';
import { Spinner } from '@/components/ui/spinner';
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

/** The target item's unit price with the guest's choices carried over (its default portion). */
function carriedUnitCents(target: MenuNode, carried: ModifierQuantities): number {
  const portionId = defaultSelection(target).portionId ?? null;
  return priceItem(target, { quantity: 1, portionId, modifiers: toSelectedModifiers(carried) })
    .unitPriceCents;
}

/** '+$5.50', '-$0.50' or 'Same price': what the change does to the price of one item. */
function differenceText(cents: number): string {
  if (cents > 0) return `+${formatCents(cents)}`;
  if (cents < 0) return `-${formatCents(-cents)}`;
  return 'Same price';
}

/** Titles of the guest's choices the target has no place for (they are left behind by the change). */
function leftBehind(
  source: MenuNode,
  quantities: ModifierQuantities,
  target: MenuNode,
  carried: ModifierQuantities,
): string[] {
  const kept = new Set<number>();
  for (const key of Object.keys(carried)) {
    const node = findMenuNode([target], key);
    if (node) kept.add(node.itemMasterId);
  }
  const out: string[] = [];
  for (const [key, quantity] of Object.entries(quantities)) {
    if (quantity <= 0) continue;
    const node = findMenuNode([source], key);
    if (node && !kept.has(node.itemMasterId) && node.itemConfigurations.defaultQuantity === 0)
      out.push(node.displayAttribute?.itemTitle ?? node.title);
  }
  return out;
}

/**
 * The transition offer and chooser ('Make it a combo'), shown under the item's title (issue 24: below Notes it took
 * three taps and never said the difference). With one item to turn into, it is one button that says what the
 * change costs for one item with the guest's choices ('Make it a combo +$5.50'), what the other item is, and
 * which choices it has no place for; one tap moves the page to that item's path with the choices carried.
 * With several, the same button opens the spec's chooser: a dialog 'Select One' listing them, a preview of the
 * chosen one (picture, description, price with the choices carried) and Continue. The spec's item page mode
 * 'transition' previews before it moves; for a single item the offer itself is the preview (the price difference
 * and the description), which is what a guest of an Olo or Toast site expects: one tap to the meal.
 * Editing an order line (`instanceId`), prices are the line's and the page stays in edit mode for the line.
 */
export function TransitionChooser({
  item,
  transitions,
  quantities,
  quantity,
  totalCents,
  snapshotId,
  instanceId = null,
  itemHref,
  fetcher,
  realTimePricing = true,
}: {
  item: MenuNode;
  transitions: TransitionsState;
  quantities: ModifierQuantities;
  quantity: number;
  /** This item's price with the guest's choices and quantity now (the offer's difference is over it). */
  totalCents: number;
  snapshotId: number;
  /** The order line being edited (?instance=), or null when adding. */
  instanceId?: number | null;
  /** The page of another item of this menu: `/{locationId}/{menu|catering}/{key}`. */
  itemHref: (itemPathKey: string) => string;
  fetcher?: typeof fetch;
  /** False under the 'disable real-time pricing' flag: the shared function's prices only. */
  realTimePricing?: boolean;
}) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [moving, startMoving] = useTransition();
  const title = item.itemTransitions?.title ?? 'Select One';
  const items = transitions.ok ? transitions.items : [];
  const chosen = items.find((t) => t.itemPathKey === chosenKey) ?? null;
  // One item to turn into: the offer goes straight to it (nothing to choose between).
  const only = items.length === 1 && items[0] && !items[0].item.isOutOfStock ? items[0] : null;
  // What is priced: the offer's item, or the item chosen in the dialog.
  const previewed = only ?? chosen;

  const carried = useMemo(
    () => (previewed ? carrySelection(item, quantities, previewed.item) : null),
    [previewed, item, quantities],
  );
  const localCents = useMemo(
    () => (previewed && carried ? carriedUnitCents(previewed.item, carried) * quantity : 0),
    [previewed, carried, quantity],
  );
  const request = useMemo<LivePriceRequest | null>(() => {
    if (!previewed || !carried) return null;
    const defaults = defaultSelection(previewed.item);
    const selection = {
      quantity,
      portionId: defaults.portionId ?? null,
      sequenceOfChanges: selectionChanges(fromSelectedModifiers(defaults.modifiers), carried),
    };
    return instanceId === null
      ? { mode: 'menu', snapshotId, itemPathKey: previewed.itemPathKey, ...selection }
      : { mode: 'line', instanceId, transitionItemPathKey: previewed.itemPathKey, ...selection };
  }, [previewed, carried, snapshotId, quantity, instanceId]);
  // Both prices are the API's once it answered (the shared function's until then).
  const price = useLivePrice(realTimePricing ? request : null, localCents, fetcher);
  const offer =
    only && carried
      ? {
          target: only,
          carried,
          differenceCents: Math.round((price.totalCents - totalCents) / Math.max(1, quantity)),
          leftBehind: leftBehind(item, quantities, only.item, carried),
        }
      : null;

  if (!transitions.ok) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800">
        {TRANSITIONS_ERROR}
      </p>
    );
  }
  if (items.length === 0) return null;

  const moveTo = (target: TransitionItem, selection: ModifierQuantities) => {
    const query = new URLSearchParams({
      ...(instanceId === null ? {} : { instance: String(instanceId) }),
      selection: encodeSelection(selection),
      quantity: String(quantity),
    });
    startMoving(() => router.push(`${itemHref(target.itemPathKey)}?${query.toString()}`));
  };
  const go = () => {
    if (chosen && carried) moveTo(chosen, carried);
  };
  const display = chosen?.item.displayAttribute ?? null;
  const target = offer?.target.item.displayAttribute ?? null;
  const about = offer ? (target?.shortDescription ?? target?.description ?? null) : null;
  const offerPrice = offer ? `${differenceText(offer.differenceCents)}${quantity > 1 ? ' each' : ''}` : null;

  return (
    <>
      {/* The card is pressed as a whole (its button's ::after covers it), and the button is named by what it
          shows: 'Make it a combo +$5.50'. The combo's name and description below describe it (aria-describedby);
          inside the button with a shorter aria-label they made a name that leaves out visible text (axe
          label-content-name-mismatch, issue 37). */}
      <div
        data-stretched-card
        className="relative flex min-h-11 w-full items-center gap-3 rounded-2xl border-2 border-button bg-white p-3 text-left transition hover:bg-gray-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700 active:scale-[0.99] active:bg-gray-100"
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <button
            type="button"
            data-stretched-link
            onClick={() => (offer ? moveTo(offer.target, offer.carried) : setOpen(true))}
            aria-describedby={offer ? `${id}-offer` : undefined}
            aria-busy={moving || undefined}
            className="flex flex-wrap items-baseline justify-between gap-x-3 text-left font-semibold after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
          >
            <span>{title}</span>
            {offerPrice ? (
              <>
                {' '}
                <span className="tabular-nums">{offerPrice}</span>
              </>
            ) : null}
          </button>
          {offer ? (
            <span id={`${id}-offer`} className="flex flex-col text-sm text-gray-700">
              <span className="line-clamp-2">
                {offer.target.title}
                {about ? `: ${about}` : ''}
              </span>
              {offer.leftBehind.length > 0 ? (
                <span>Not part of the combo: {offer.leftBehind.join(', ')}</span>
              ) : null}
            </span>
          ) : null}
        </span>
        {moving ? <Spinner label="Loading" /> : <ChevronRight aria-hidden className="size-5 shrink-0" />}
      </div>
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

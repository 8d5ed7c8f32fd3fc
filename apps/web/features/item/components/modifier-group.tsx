'use client';

import { useId } from 'react';
import { Check } from 'lucide-react';
import { MENU_LAYOUT, type MenuLayout } from '@storefront/contracts/enum-values';
import { formatCents } from '@storefront/contracts/money';
import { IMAGE_SIZES } from '@storefront/contracts/image-sizes';
import type { MenuNode } from '@storefront/contracts/menu';
import { isGroupNode } from '@storefront/contracts/menu-tree';
import { modifierMaxQuantity, type ChoiceCost, type GroupState } from '@storefront/contracts/pricing';
import { QuantityPicker } from '@/components/ui/quantity-picker';
import { cn } from '@/lib/cn';
import {
  chooseRadio,
  groupRoom,
  hasNestedGroups,
  modifierLimit,
  setModifierQuantity,
  toggleCheckbox,
  type ModifierQuantities,
} from '../item-selection';

const LAYOUT_NAMES: Record<MenuLayout, string> = {
  [MENU_LAYOUT.Standard]: 'standard',
  [MENU_LAYOUT.ImageGrid]: 'image-grid',
  [MENU_LAYOUT.Condensed]: 'condensed',
};

/** A modifier tile's picture (192x144) through the storefront origin's image proxy. */
function modifierImageSrc(imageFileId: string): string {
  const { width, height } = IMAGE_SIZES.modifier;
  return `/images/${encodeURIComponent(imageFileId)}?width=${width}&height=${height}`;
}

/** Titles of what is chosen under a modifier (its nested groups), for the line under it. */
export function nestedSummary(
  modifier: MenuNode,
  quantities: ModifierQuantities,
  hideDefaults = false,
): string {
  const titles: string[] = [];
  const visit = (node: MenuNode) => {
    for (const group of node.children) {
      if (!isGroupNode(group)) continue;
      for (const m of group.children) {
        const q = quantities[m.itemPathKey] ?? 0;
        if (q <= 0) continue;
        const isDefault = q === m.itemConfigurations.defaultQuantity;
        if (!(hideDefaults && isDefault)) titles.push(q > 1 ? `${q} x ${m.title}` : m.title);
        visit(m);
      }
    }
  };
  visit(modifier);
  return titles.join(', ');
}

/** A tile's price as the guest will pay it now: 'Included', '+$x.xx', or nothing for a free choice. */
function costText(cost: ChoiceCost | undefined): string | null {
  if (!cost) return null;
  if (cost.isIncluded) return 'Included';
  return cost.cents > 0 ? `+${formatCents(cost.cents)}` : null;
}

/**
 * One modifier group in its layout (standard rows, condensed compact rows, or an image grid of 192x144 tiles;
 * every layout keeps native radio/checkbox inputs, so keyboard and screen-reader semantics are the same): its hint ('Select one option', 'Select up to {max}', ...), the
 * included quantity, the 'Required' / '{n} Pending' status and 'Select an option' once touched. A radio group
 * (min 1, max 1) replaces its choice; a checkbox group stops at maxQty; modifiers with maxQuantity > 1 get a
 * quantity picker; a chosen modifier with groups of its own opens the nested panel. Each tile says what choosing
 * it costs now (`costs`, from the shared pricing rule: 'Included' while the group's included units cover it).
 * `invalid` marks the group (aria-invalid, red border) once the guest was told to choose here; the fieldset takes
 * focus (tabIndex -1) when Add to Order points the guest to it.
 */
export function ModifierGroup({
  group,
  state,
  quantities,
  costs,
  showMessage,
  invalid = false,
  onChange,
  onOpenNested,
  layout,
  hideDefaultModifiers = false,
}: {
  group: MenuNode;
  state: GroupState | undefined;
  quantities: ModifierQuantities;
  /** What choosing each modifier costs now (contracts' choiceCosts). */
  costs: ReadonlyMap<string, ChoiceCost>;
  showMessage: boolean;
  /** Marked as what the guest must still choose. */
  invalid?: boolean;
  onChange: (next: ModifierQuantities) => void;
  /** Called after a change that chose `modifier` when it has nested groups (or when Customize is pressed). */
  onOpenNested: (modifier: MenuNode, before: ModifierQuantities, next: ModifierQuantities) => void;
  /** Standard (1), ImageGrid (2) or Condensed (3): the group's webOrderingLayout or the page's override. */
  layout: MenuLayout;
  /** Leave default choices out of the summary of what is chosen under a modifier. */
  hideDefaultModifiers?: boolean;
}) {
  const id = useId();
  const title = group.displayAttribute?.itemTitle ?? group.title;
  const isRadio = state?.isRadio ?? false;
  const room = groupRoom(quantities, group);
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const messageId = `${id}-message`;
  const message = showMessage && state?.message ? state.message : null;
  const describedBy = [hintId, state?.status ? statusId : null, message ? messageId : null]
    .filter(Boolean)
    .join(' ');

  const apply = (modifier: MenuNode, next: ModifierQuantities) => {
    if (next === quantities) return;
    const chosenNow = (next[modifier.itemPathKey] ?? 0) > 0 && (quantities[modifier.itemPathKey] ?? 0) === 0;
    if (chosenNow && hasNestedGroups(modifier)) onOpenNested(modifier, quantities, next);
    else onChange(next);
  };

  return (
    <fieldset
      id={`group-${group.itemPathKey}`}
      tabIndex={-1}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      data-testid={`group-${group.itemPathKey}`}
      className={cn(
        'relative scroll-mt-24 rounded-2xl border bg-white p-4 outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2',
        invalid ? 'border-2 border-red-700' : 'border-gray-200',
      )}
    >
      <legend className="float-left w-full pr-28 text-lg font-bold">{title}</legend>
      {state?.status ? (
        <span
          id={statusId}
          className={cn(
            'absolute right-4 top-4 rounded-full px-3 py-1 text-sm font-semibold',
            state.selectedQuantity === 0 ? 'bg-gray-900 text-white' : 'bg-amber-100 text-amber-900',
          )}
        >
          {state.status}
        </span>
      ) : null}
      <p id={hintId} className="clear-left text-sm text-gray-700">
        {[state?.hint, state?.includedLabel, state?.substitutionLabel].filter(Boolean).join(' ')}
      </p>
      {message ? (
        <p id={messageId} className="mt-2 text-sm font-semibold text-red-700">
          {message}
        </p>
      ) : null}
      <ul
        className={cn(
          'mt-3',
          layout === MENU_LAYOUT.ImageGrid
            ? 'grid grid-cols-2 gap-3 sm:grid-cols-3'
            : layout === MENU_LAYOUT.Condensed
              ? 'grid gap-x-6 sm:grid-cols-2'
              : 'flex flex-col divide-y divide-gray-100',
        )}
        data-layout={LAYOUT_NAMES[layout]}
      >
        {group.children.map((modifier) => {
          const quantity = quantities[modifier.itemPathKey] ?? 0;
          const checked = quantity > 0;
          const unavailable = modifier.isOutOfStock;
          const full = !isRadio && !checked && room <= 0;
          const cost = costText(costs.get(modifier.itemPathKey));
          const inputId = `modifier-${modifier.itemPathKey}`;
          const summary =
            checked && hasNestedGroups(modifier)
              ? nestedSummary(modifier, quantities, hideDefaultModifiers)
              : '';
          const name = modifier.displayAttribute?.itemTitle ?? modifier.title;
          const input = (
            <input
              id={inputId}
              type={isRadio ? 'radio' : 'checkbox'}
              name={isRadio ? group.itemPathKey : undefined}
              checked={checked}
              disabled={(unavailable && !checked) || full}
              onChange={(e) =>
                apply(
                  modifier,
                  isRadio
                    ? chooseRadio(quantities, group, modifier)
                    : toggleCheckbox(quantities, group, modifier, e.target.checked),
                )
              }
              className={cn(
                layout === MENU_LAYOUT.ImageGrid
                  ? 'peer absolute left-3 top-3 size-5 accent-[var(--button)]'
                  : 'size-5 shrink-0 accent-[var(--button)]',
              )}
            />
          );
          const priceLabel = cost ? (
            <span
              data-testid="choice-cost"
              className={cn(
                'text-sm tabular-nums',
                cost === 'Included' ? 'font-semibold text-green-800' : 'text-gray-700',
              )}
            >
              {cost}
            </span>
          ) : null;
          const extras =
            checked && (modifierMaxQuantity(modifier) > 1 || summary || hasNestedGroups(modifier)) ? (
              <div
                className={cn(
                  'flex flex-wrap items-center gap-3',
                  layout === MENU_LAYOUT.ImageGrid ? 'px-2 pb-2' : 'ml-8',
                )}
              >
                {modifierMaxQuantity(modifier) > 1 ? (
                  <QuantityPicker
                    size="sm"
                    label={`Quantity of ${modifier.title}`}
                    value={quantity}
                    min={1}
                    max={modifierLimit(quantities, group, modifier)}
                    onChange={(q) => apply(modifier, setModifierQuantity(quantities, group, modifier, q))}
                  />
                ) : null}
                {hasNestedGroups(modifier) ? (
                  <>
                    {summary ? <span className="text-sm text-gray-700">{summary}</span> : null}
                    <button
                      type="button"
                      aria-label={`Customize ${modifier.title}`}
                      onClick={() => onOpenNested(modifier, quantities, quantities)}
                      className="inline-flex min-h-11 items-center rounded px-1 text-sm font-semibold underline underline-offset-4"
                    >
                      Customize
                    </button>
                  </>
                ) : null}
              </div>
            ) : null;

          if (layout === MENU_LAYOUT.ImageGrid) {
            const imageId = modifier.displayAttribute?.imageFileId ?? null;
            return (
              <li
                key={modifier.itemPathKey}
                className={cn(
                  'relative flex flex-col overflow-hidden rounded-xl border-2 bg-white',
                  'focus-within:ring-2 focus-within:ring-blue-700 focus-within:ring-offset-2',
                  checked ? 'border-[var(--button)] bg-gray-50' : 'border-gray-200',
                )}
              >
                {input}
                <label htmlFor={inputId} className="flex cursor-pointer flex-col gap-1 pb-2">
                  {imageId ? (
                    // eslint-disable-next-line @next/next/no-img-element -- sized by the API's image route
                    <img
                      src={modifierImageSrc(imageId)}
                      alt=""
                      width={IMAGE_SIZES.modifier.width}
                      height={IMAGE_SIZES.modifier.height}
                      loading="lazy"
                      className="aspect-[192/144] w-full bg-gray-100 object-cover"
                    />
                  ) : (
                    <span aria-hidden className="block aspect-[192/144] w-full bg-gray-100" />
                  )}
                  <span className="flex flex-col px-2">
                    <span className={cn('font-semibold', unavailable && 'text-gray-600 line-through')}>
                      {name}
                    </span>
                    {unavailable ? <span className="text-sm text-gray-700">Not Available</span> : null}
                    {priceLabel}
                  </span>
                </label>
                {checked ? (
                  <Check
                    aria-hidden
                    className="absolute right-2 top-2 size-7 rounded-full bg-[var(--button)] p-1 text-[var(--button-fg)]"
                  />
                ) : null}
                {extras}
              </li>
            );
          }

          const condensed = layout === MENU_LAYOUT.Condensed;
          return (
            <li key={modifier.itemPathKey} className="flex flex-col gap-1 py-1">
              {/* The whole row is the label, at least 44 px high on a touch screen (condensed rows stay compact
                  for a mouse). */}
              <label
                htmlFor={inputId}
                className={cn(
                  'flex cursor-pointer items-center',
                  condensed ? 'min-h-8 gap-2 text-sm pointer-coarse:min-h-11' : 'min-h-11 gap-3',
                )}
              >
                {input}
                <span className="flex flex-1 items-center justify-between gap-3">
                  <span>
                    <span className={cn(unavailable && 'text-gray-600 line-through')}>{name}</span>
                    {unavailable ? <span className="ml-2 text-sm text-gray-700">Not Available</span> : null}
                  </span>
                  {priceLabel}
                </span>
              </label>
              {extras}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

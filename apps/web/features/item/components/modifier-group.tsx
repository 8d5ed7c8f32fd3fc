'use client';

import { useId } from 'react';
import { formatCents } from '@storefront/contracts/money';
import { isGroupNode, type MenuNode } from '@storefront/contracts/menu';
import { modifierMaxQuantity, nodePriceCents, type GroupState } from '@storefront/contracts/pricing';
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

/** Titles of what is chosen under a modifier (its nested groups), for the line under it. */
function nestedSummary(modifier: MenuNode, quantities: ModifierQuantities): string {
  const titles: string[] = [];
  for (const group of modifier.children) {
    if (!isGroupNode(group)) continue;
    for (const m of group.children) {
      const q = quantities[m.itemPathKey] ?? 0;
      if (q > 0) titles.push(q > 1 ? `${q} x ${m.title}` : m.title);
    }
  }
  return titles.join(', ');
}

/**
 * One modifier group in the standard layout: its hint ('Select one option', 'Select up to {max}', ...), the
 * included quantity, the 'Required' / '{n} Pending' status and 'Select an option' once touched. A radio group
 * (min 1, max 1) replaces its choice; a checkbox group stops at maxQty; modifiers with maxQuantity > 1 get a
 * quantity picker; a chosen modifier with groups of its own opens the nested panel.
 */
export function ModifierGroup({
  group,
  state,
  quantities,
  propagatedPortionId,
  showMessage,
  onChange,
  onOpenNested,
}: {
  group: MenuNode;
  state: GroupState | undefined;
  quantities: ModifierQuantities;
  propagatedPortionId: number | null;
  showMessage: boolean;
  onChange: (next: ModifierQuantities) => void;
  /** Called after a change that chose `modifier` when it has nested groups (or when Customize is pressed). */
  onOpenNested: (modifier: MenuNode, before: ModifierQuantities, next: ModifierQuantities) => void;
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
      aria-describedby={describedBy}
      data-testid={`group-${group.itemPathKey}`}
      className="relative rounded-2xl border border-gray-200 bg-white p-4"
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
        {[state?.hint, state?.includedLabel].filter(Boolean).join(' ')}
      </p>
      {message ? (
        <p id={messageId} className="mt-2 text-sm font-semibold text-red-700">
          {message}
        </p>
      ) : null}
      <ul className="mt-3 flex flex-col divide-y divide-gray-100">
        {group.children.map((modifier) => {
          const quantity = quantities[modifier.itemPathKey] ?? 0;
          const checked = quantity > 0;
          const unavailable = modifier.isOutOfStock;
          const full = !isRadio && !checked && room <= 0;
          const price = nodePriceCents(modifier, null, propagatedPortionId).cents;
          const inputId = `modifier-${modifier.itemPathKey}`;
          const summary = checked && hasNestedGroups(modifier) ? nestedSummary(modifier, quantities) : '';
          return (
            <li key={modifier.itemPathKey} className="flex flex-col gap-2 py-2">
              <div className="flex items-center gap-3">
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
                  className="size-5 shrink-0 accent-[var(--button)]"
                />
                <label htmlFor={inputId} className="flex flex-1 items-center justify-between gap-3">
                  <span>
                    <span className={cn(unavailable && 'text-gray-600 line-through')}>
                      {modifier.displayAttribute?.itemTitle ?? modifier.title}
                    </span>
                    {unavailable ? <span className="ml-2 text-sm text-gray-700">Not Available</span> : null}
                  </span>
                  {price > 0 ? (
                    <span className="text-sm tabular-nums text-gray-700">+{formatCents(price)}</span>
                  ) : null}
                </label>
              </div>
              {checked && (modifierMaxQuantity(modifier) > 1 || summary || hasNestedGroups(modifier)) ? (
                <div className="ml-8 flex flex-wrap items-center gap-3">
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
                        className="rounded text-sm font-semibold underline underline-offset-4"
                      >
                        Customize
                      </button>
                    </>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

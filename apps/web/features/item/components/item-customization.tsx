'use client';

import { useMemo, useRef, useState, useTransition, useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { triggersAt } from '@storefront/contracts/cross-sell';
import { formatCents } from '@storefront/contracts/money';
import { MENU_LAYOUT, type MenuLayout } from '@storefront/contracts/enum-values';
import type { MenuNode } from '@storefront/contracts/menu';
import { isGroupNode } from '@storefront/contracts/menu-tree';
import {
  choiceCosts,
  defaultSelection,
  groupsOf,
  priceItem,
  validateSelection,
  type SelectedModifier,
} from '@storefront/contracts/pricing';
import { firstMissingChoice } from '../missing-choice';
import { NOTE_MAX } from '@storefront/contracts/text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ADD_FAILURE, addFailureText, type AddFailureKind } from '@/features/order/add-failure';
import { itemAddedMessage, noteItemAdded } from '@/lib/menu-return';
import { useToast } from '@/components/ui/toast';
import { QuantityPicker } from '@/components/ui/quantity-picker';
import {
  fromSelectedModifiers,
  selectionChanges,
  toSelectedModifiers,
  type ModifierQuantities,
} from '../item-selection';
import type { LivePriceRequest } from '../item-pricing';
import { useLivePrice } from '../use-live-price';
import { ModifierGroup } from './modifier-group';
import { NotesField } from './notes-field';
import { PORTION_PICKER_ID, PortionPicker } from './portion-picker';
import { TransitionChooser, type TransitionsState } from './transition-chooser';

/** What the form sends to the add/update action (composed in by the page). */
export interface ItemSubmission {
  locationId: number;
  menuType: 'menu' | 'catering';
  snapshotId: number;
  itemPathKey: string;
  instanceId: number | null;
  quantity: number;
  portionId: number | null;
  modifiers: SelectedModifier[];
  note: string | null;
  crossSellOfferId?: string | null;
  /** Editing a line that becomes this item (its combo): the line's new item, which is `itemPathKey`. */
  transitionItemPathKey?: string | null;
}

export type ItemSubmitResult =
  | { ok: true; data: unknown }
  | { ok: false; error: string; reason: 'customization' | 'snapshot' | 'unexpected' };

/**
 * The order line being edited (?instance=). When the line is of another item that turns into this one (the
 * chooser moved the page to its combo), `transitionItemPathKey` is this item's key, and portion and modifiers
 * are this item's defaults: prices are asked for, and the line is saved, as this item.
 */
export interface EditedLine {
  instanceId: number;
  quantity: number;
  portionId: number | null;
  modifiers: SelectedModifier[];
  note: string | null;
  transitionItemPathKey?: string | null;
}

/** Page options from the route's query and the store's template. */
export interface ItemOptions {
  /** The page's numeric `layout` query (1 standard, 2 image grid, 3 condensed) for every group. */
  layoutOverride?: MenuLayout | null;
  /** UI template orderingSettings.hideDefaultModifiers: default choices are left out of summary lines. */
  hideDefaultModifiers?: boolean;
  /** Choices carried from the item this page transitioned from (`selection` / `quantity` queries). */
  carried?: { quantities: ModifierQuantities; quantity: number } | null;
  /**
   * Reorder mode (?pastItemId=): a past order line's portion, modifiers, quantity and note to start from; the
   * form still adds a new line.
   */
  preselected?: {
    quantity: number;
    portionId: number | null;
    modifiers: readonly SelectedModifier[];
    note: string | null;
  } | null;
  /** The item's transition items (combos), or null when it has none. */
  transitions?: TransitionsState | null;
  /** `next=checkout`: go to /checkout after adding. */
  next?: 'checkout' | null;
  /** `crossSellId`: the cross-sell offer this item was opened from, kept on the added line. */
  crossSellOfferId?: string | null;
  /** Called with where to go after a successful save instead of navigating (the compact item modal). */
  onSaved?: (href: string) => void;
  /** Clears the cached descendants of the item (server action), called when the API refuses the selection. */
  clearDetailsCache?: (input: { snapshotId: number; itemPathKey: string }) => Promise<unknown>;
  /**
   * Whether the live price is confirmed by the API (POST /api/pricing). The feature flag 'disable real-time
   * pricing' turns it off: the price is the shared pricing function's alone, with no request per change.
   */
  realTimePricing?: boolean;
}

/** The id of the newest line of this item in an order answer (the line just added), or null. */
function newestLineOf(data: unknown, itemPathKey: string): number | null {
  const items = (data as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return null;
  let newest: number | null = null;
  for (const line of items as { id?: unknown; itemPathKey?: unknown }[]) {
    if (
      line.itemPathKey === itemPathKey &&
      typeof line.id === 'number' &&
      (newest === null || line.id > newest)
    )
      newest = line.id;
  }
  return newest;
}

interface NestedPanel {
  modifier: MenuNode;
  /** The selection when the panel opened: Back restores it. */
  before: ModifierQuantities;
}

/**
 * The item customisation form: portion, modifier groups (standard layout) with a nested panel, quantity,
 * notes and 'Add to Order' / 'Save Changes' with the live price. Validity and the immediate price come from the
 * shared contracts functions; the API confirms the price (debounced, latest answer only) and re-prices on add.
 */
export function ItemCustomization({
  item,
  snapshotId,
  locationId,
  menuType,
  portionTitles,
  allowNotes,
  edit,
  submit,
  fetcher,
  layoutOverride = null,
  hideDefaultModifiers = false,
  carried = null,
  preselected = null,
  transitions = null,
  next = null,
  crossSellOfferId = null,
  onSaved,
  clearDetailsCache,
  realTimePricing = true,
}: ItemOptions & {
  item: MenuNode;
  snapshotId: number;
  locationId: number;
  menuType: 'menu' | 'catering';
  portionTitles: Readonly<Record<number, string>>;
  allowNotes: boolean;
  edit: EditedLine | null;
  submit: (submission: ItemSubmission) => Promise<ItemSubmitResult>;
  /** For tests: the live-price fetch. */
  fetcher?: typeof fetch;
}) {
  const router = useRouter();
  const toast = useToast();
  const storeHref = `/${locationId}/${menuType}`;
  // Notes only where the store allows item instructions and in the standard layout (ordering spec section 5):
  // the page's `layout` query, when it asks for the condensed or image grid layout, leaves them out.
  const notesShown = allowNotes && (layoutOverride ?? MENU_LAYOUT.Standard) === MENU_LAYOUT.Standard;
  const defaults = useMemo(() => defaultSelection(item), [item]);
  const base = useMemo(
    () => fromSelectedModifiers(edit ? edit.modifiers : defaults.modifiers),
    [edit, defaults],
  );
  // Reorder mode starts from the past line's choices; prices are still asked as changes from the defaults (base).
  const [quantities, setQuantities] = useState<ModifierQuantities>(
    carried?.quantities ?? (preselected && !edit ? fromSelectedModifiers(preselected.modifiers) : base),
  );
  const [portionId, setPortionId] = useState<number | null>(
    edit ? edit.portionId : preselected ? preselected.portionId : (defaults.portionId ?? null),
  );
  const [quantity, setQuantity] = useState(edit?.quantity ?? carried?.quantity ?? preselected?.quantity ?? 1);
  const [note, setNote] = useState(edit?.note ?? preselected?.note ?? '');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [panels, setPanels] = useState<NestedPanel[]>([]);
  const [failure, setFailure] = useState<AddFailureKind | null>(null);
  // What a press of the grey Add to Order said is missing (the live region's text; `count` makes a repeated
  // press announce the same words again), and whether the portion picker was pointed at.
  const [missing, setMissing] = useState<{ text: string; count: number } | null>(null);
  const [portionPointed, setPortionPointed] = useState(false);
  const [pending, startTransition] = useTransition();
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const returnFocusKey = useRef<string | null>(null);

  const selection = useMemo(
    () => ({ quantity, portionId, modifiers: toSelectedModifiers(quantities) }),
    [quantity, portionId, quantities],
  );
  const validation = useMemo(() => validateSelection(item, selection), [item, selection]);
  const localTotalCents = useMemo(() => priceItem(item, selection).totalCents, [item, selection]);
  const noteValid = note.length <= NOTE_MAX;
  const isValid = validation.isValid && noteValid;

  const priceRequest = useMemo<LivePriceRequest | null>(() => {
    if (!validation.isValid) return null;
    const sequenceOfChanges = selectionChanges(base, quantities);
    if (!edit)
      return {
        mode: 'menu',
        snapshotId,
        itemPathKey: item.itemPathKey,
        quantity,
        portionId,
        sequenceOfChanges,
      };
    const line = {
      mode: 'line',
      instanceId: edit.instanceId,
      quantity,
      portionId,
      sequenceOfChanges,
    } as const;
    return edit.transitionItemPathKey ? { ...line, transitionItemPathKey: edit.transitionItemPathKey } : line;
  }, [validation.isValid, base, quantities, edit, quantity, portionId, snapshotId, item.itemPathKey]);
  const price = useLivePrice(realTimePricing ? priceRequest : null, localTotalCents, fetcher);

  const groupState = useMemo(() => new Map(validation.groups.map((g) => [g.itemPathKey, g])), [validation]);
  const current = panels.at(-1) ?? null;

  useEffect(() => {
    if (current) {
      panelHeading.current?.focus();
    } else if (returnFocusKey.current) {
      document.getElementById(`modifier-${returnFocusKey.current}`)?.focus();
      returnFocusKey.current = null;
    }
  }, [current]);

  const change = (groupKey: string, next: ModifierQuantities) => {
    setTouched((t) => (t.has(groupKey) ? t : new Set(t).add(groupKey)));
    setQuantities(next);
  };
  const openNested = (
    groupKey: string,
    modifier: MenuNode,
    before: ModifierQuantities,
    next: ModifierQuantities,
  ) => {
    change(groupKey, next);
    setPanels((p) => [...p, { modifier, before }]);
  };
  const closePanel = (restore: boolean) => {
    if (!current) return;
    if (restore) setQuantities(current.before);
    returnFocusKey.current = current.modifier.itemPathKey;
    setPanels((p) => p.slice(0, -1));
  };

  const renderGroups = (owner: MenuNode) =>
    owner.children
      .filter(isGroupNode)
      .map((group) => (
        <ModifierGroup
          key={group.itemPathKey}
          group={group}
          state={groupState.get(group.itemPathKey)}
          quantities={quantities}
          costs={choiceCosts(item, selection, group)}
          showMessage={touched.has(group.itemPathKey)}
          invalid={touched.has(group.itemPathKey) && groupState.get(group.itemPathKey)?.isValid === false}
          onChange={(next) => change(group.itemPathKey, next)}
          onOpenNested={(modifier, before, after) => openNested(group.itemPathKey, modifier, before, after)}
          layout={layoutOverride ?? group.displayAttribute?.webOrderingLayout ?? MENU_LAYOUT.Standard}
          hideDefaultModifiers={hideDefaultModifiers}
        />
      ));

  /**
   * Where a saved item goes: /checkout with next=checkout; after adding an AddItem cross-sell trigger, the store
   * page with the new line's id (addedItemId) so that its offers show; otherwise the store page.
   */
  const afterSubmitHref = (data: unknown) => {
    if (edit) return storeHref;
    if (next === 'checkout') return '/checkout';
    if (!item.isCrossSellTrigger || !triggersAt(item.crossSellTriggerMode, 'AddItem')) return storeHref;
    const line = newestLineOf(data, item.itemPathKey);
    return line === null ? storeHref : `${storeHref}?addedItemId=${line}`;
  };

  /**
   * The grey Add to Order was pressed (issue 24): instead of nothing, bring the guest to the first thing still to
   * choose, in reading order (size, then groups in menu order, a nested group through the group holding it): scroll
   * it into view below the sticky header (its scroll margin), mark it, say what to choose in the live region and
   * move focus to it, so a screen reader reads its title, hint and message. Nothing is sent.
   */
  const pointToMissing = () => {
    const next = firstMissingChoice(item, validation);
    setMissing((m) => ({ text: next.text, count: (m?.count ?? 0) + 1 }));
    if (next.target === null) return;
    const target = next.target;
    if (target.kind === 'portion') setPortionPointed(true);
    else setTouched((t) => (t.has(target.groupKey) ? t : new Set(t).add(target.groupKey)));
    const element = document.getElementById(
      target.kind === 'portion' ? PORTION_PICKER_ID : `group-${target.groupKey}`,
    );
    if (!element) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  };

  const onSubmit = () => {
    if (pending) return;
    if (!isValid) {
      pointToMissing();
      return;
    }
    startTransition(async () => {
      const result = await submit({
        locationId,
        menuType,
        snapshotId,
        itemPathKey: item.itemPathKey,
        instanceId: edit?.instanceId ?? null,
        quantity,
        portionId,
        modifiers: selection.modifiers,
        note: notesShown && note.trim() ? note.trim() : null,
        ...(crossSellOfferId && !edit ? { crossSellOfferId } : {}),
        ...(edit?.transitionItemPathKey ? { transitionItemPathKey: edit.transitionItemPathKey } : {}),
      });
      if (result.ok) {
        const added = {
          title: item.displayAttribute?.itemTitle ?? item.title,
          quantity,
          edited: edit !== null,
        };
        // Confirmed at once, as the API accepts it: the toast lives in the root layout and stays up while the
        // store page loads (which then only marks the bag), instead of coming with that page a second later.
        toast('success', itemAddedMessage(added));
        noteItemAdded({ ...added, announced: true });
        const href = afterSubmitHref(result.data);
        if (onSaved) onSaved(href);
        else router.push(href);
      } else if (result.reason === 'snapshot') router.replace(storeHref);
      else {
        setFailure(result.reason);
        // A refused customization (21002 and the like) means the cached modifier tree may be stale: clear it
        // and re-render the server parts; the form keeps its state, so the details stay on screen.
        if (result.reason === 'customization' && clearDetailsCache) {
          await clearDetailsCache({ snapshotId, itemPathKey: item.itemPathKey });
          router.refresh();
        }
      }
    });
  };

  if (current) {
    const nestedValid = groupsOf(validation, current.modifier.itemPathKey).every((g) => g.isValid);
    return (
      <section aria-labelledby="nested-heading" className="flex flex-col gap-4">
        <h2 id="nested-heading" ref={panelHeading} tabIndex={-1} className="text-2xl font-bold">
          {current.modifier.displayAttribute?.itemTitle ?? current.modifier.title}
        </h2>
        {renderGroups(current.modifier)}
        <div className="sticky bottom-0 flex gap-3 border-t border-gray-200 bg-white p-3">
          <Button variant="secondary" className="flex-1" onClick={() => closePanel(true)}>
            Back
          </Button>
          <Button className="flex-1" disabled={!nestedValid} onClick={() => closePanel(false)}>
            Confirm
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {/* The offer to turn into a combo sits under the title, where the guest decides what to order. */}
      {transitions ? (
        <TransitionChooser
          item={item}
          transitions={transitions}
          quantities={quantities}
          quantity={quantity}
          totalCents={price.totalCents}
          snapshotId={snapshotId}
          instanceId={edit?.instanceId ?? null}
          itemHref={(key) => `${storeHref}/${key}`}
          fetcher={fetcher}
          realTimePricing={realTimePricing}
        />
      ) : null}
      {validation.portion.isRequired ? (
        <PortionPicker
          item={item}
          portionTitles={portionTitles}
          portionId={portionId}
          message={validation.portion.message}
          invalid={portionPointed && !validation.portion.isValid}
          onChange={setPortionId}
        />
      ) : null}
      {renderGroups(item)}
      {notesShown ? <NotesField value={note} onChange={setNote} /> : null}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 bg-white px-4 py-3 md:mx-0 md:rounded-2xl md:border">
        <QuantityPicker label="Quantity" value={quantity} onChange={setQuantity} />
        {/* Grey while something is missing, but pressable (aria-disabled, not disabled): a press says what
            (the spec's 'Add is disabled while the form is invalid' still holds: it never adds). */}
        <Button
          type="submit"
          className="min-w-52 flex-1 justify-between aria-disabled:bg-gray-300 aria-disabled:text-gray-700 aria-disabled:hover:brightness-100"
          aria-disabled={!isValid || undefined}
          loading={pending}
          aria-describedby="item-price-status"
        >
          <span>{edit ? 'Save Changes' : 'Add to Order'}</span>
          <span className="tabular-nums" data-testid="item-price">
            {formatCents(price.totalCents)}
          </span>
        </Button>
        <span id="item-price-status" className="sr-only" aria-live="polite">
          {price.isConfirmed ? `Price ${formatCents(price.totalCents)}` : ''}
        </span>
        <p role="status" className="sr-only" data-testid="missing-choice">
          {missing ? `${missing.text}${missing.count % 2 === 0 ? '\u00a0' : ''}` : ''}
        </p>
      </div>
      <Dialog
        open={failure !== null}
        onOpenChange={(open) => (open ? undefined : setFailure(null))}
        title={failure ? ADD_FAILURE[failure].title : ''}
        description={failure ? addFailureText(failure) : undefined}
        actions={
          <Button onClick={() => setFailure(null)} variant="primary">
            Close
          </Button>
        }
      />
    </form>
  );
}

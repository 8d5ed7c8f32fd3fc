'use client';

import { createContext, startTransition, use, useCallback, useEffect, useState } from 'react';
import type { FulfillmentMethod, MenuLayout } from '@storefront/contracts/enum-values';
import type { MenuCardView } from '../menu-view';
import { MenuItemCard } from './menu-item-card';

/** What /api/menu-cards is asked for: the page's own menu (store, menu type, brand filter, the guest's method). */
export interface DeferredCardsQuery {
  locationId: number;
  menuType: 'menu' | 'catering';
  brandIds: string | null;
  fulfillmentMethod: FulfillmentMethod | null;
}

type Loaded = Record<string, MenuCardView[]>;
/** `shown`: how many of the loaded cards (in menu order across categories) are drawn so far. */
type State =
  { status: 'loading' } | { status: 'loaded'; cards: Loaded; shown: number } | { status: 'failed' };

const DeferredContext = createContext<{ state: State; retry: () => void } | null>(null);

/**
 * Loaded cards are drawn a few at a time, each step in its own task when the browser is idle: drawing 270 cards
 * at once was one long task (Lighthouse's TBT 1111 ms on the 300-item page); a step of this size stays short.
 */
const CARDS_PER_STEP = 12;

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 200 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 16);
  return () => window.clearTimeout(id);
}

export const DEFERRED_CARDS_ERROR = 'Some items could not be loaded.';

function cardsUrl(query: DeferredCardsQuery): string {
  const params = new URLSearchParams({ locationId: String(query.locationId), menuType: query.menuType });
  if (query.brandIds) params.set('brandIds', query.brandIds);
  if (query.fulfillmentMethod !== null) params.set('fulfillmentMethod', String(query.fulfillmentMethod));
  return `/api/menu-cards?${params}`;
}

/**
 * Loads the store page's cards beyond its first paint (menu-view.ts FIRST_PAINT_ITEMS) once the page is up, and
 * hands them to each category's DeferredCards. Rendered only when the menu has such cards.
 */
export function DeferredCardsProvider({
  query,
  children,
}: {
  query: DeferredCardsQuery;
  children: React.ReactNode;
}) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const url = cardsUrl(query);
  useEffect(() => {
    const abort = new AbortController();
    fetch(url, { signal: abort.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`menu cards: ${response.status}`);
        const body = (await response.json()) as { categories: { anchor: string; items: MenuCardView[] }[] };
        const cards = Object.fromEntries(body.categories.map((c) => [c.anchor, c.items]));
        setState({ status: 'loaded', cards, shown: 0 });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ status: 'failed' });
      });
    return () => abort.abort();
  }, [url, attempt]);
  // Draws the next step of cards once the browser is idle, until all are drawn.
  const total = state.status === 'loaded' ? Object.values(state.cards).reduce((n, c) => n + c.length, 0) : 0;
  const shown = state.status === 'loaded' ? state.shown : 0;
  useEffect(() => {
    if (state.status !== 'loaded' || shown >= total) return;
    return whenIdle(() =>
      startTransition(() =>
        setState((s) => (s.status === 'loaded' ? { ...s, shown: s.shown + CARDS_PER_STEP } : s)),
      ),
    );
  }, [state.status, shown, total]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return <DeferredContext value={{ state, retry }}>{children}</DeferredContext>;
}

/**
 * A category's cards beyond the first paint, inside its list, once loaded and their step has come; on a failure
 * (in the first such category only) a message with Try again. Nothing holds their place meanwhile: they are
 * below the first screen, and a guest already scrolled further keeps what they read where it is (the browser's
 * scroll anchoring), while placeholders for hundreds of cards cost more to hydrate than the cards they stand for.
 */
export function DeferredCards({
  anchor,
  offset,
  layout,
  basePath,
  first,
}: {
  anchor: string;
  /** How many deferred cards come before this category's (they are drawn first). */
  offset: number;
  layout: MenuLayout;
  basePath: string;
  /** The first category with deferred cards: where a failure is told. */
  first: boolean;
}) {
  const context = use(DeferredContext);
  if (!context) return null;
  const { state, retry } = context;
  if (state.status === 'loaded') {
    const cards = state.cards[anchor] ?? [];
    const drawn = Math.max(0, Math.min(cards.length, state.shown - offset));
    return cards.slice(0, drawn).map((item) => (
      <li key={item.itemPathKey}>
        <MenuItemCard item={item} href={`${basePath}/${item.itemPathKey}`} layout={layout} />
      </li>
    ));
  }
  if (state.status === 'failed') {
    return first ? (
      <li role="alert" className="col-span-full rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{DEFERRED_CARDS_ERROR}</p>
        <button type="button" onClick={retry} className="mt-2 font-semibold underline underline-offset-2">
          Try again
        </button>
      </li>
    ) : null;
  }
  return null;
}

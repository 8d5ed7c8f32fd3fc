'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaceSuggestion } from '@storefront/contracts/locations';
import { MIN_CHARS, isBracketedText } from './address-rules';
import type { SearchMethod } from './search-href';

/** Input debounce before suggestions are requested (spec section 5). */
export const PLACE_SEARCH_DEBOUNCE_MS = 500;

export type SuggestionState =
  | { status: 'idle' }
  | { status: 'too-short' }
  | { status: 'coordinates' }
  | { status: 'loading' }
  | { status: 'ready'; suggestions: PlaceSuggestion[] };

export type FetchSuggestions = (
  input: string,
  signal: AbortSignal,
  method: SearchMethod,
) => Promise<PlaceSuggestion[]>;

/**
 * Same-origin suggestions of the method's kinds of place (the API's primary types: geocode for pickup, street
 * addresses and establishments for delivery); any failure reads as an empty list (spec: autocomplete errors give
 * an empty list).
 */
export const fetchPlaceSuggestions: FetchSuggestions = async (input, signal, method) => {
  const params = new URLSearchParams({ input, method });
  const res = await fetch(`/api/places?${params}`, { signal });
  if (!res.ok) return [];
  const body = (await res.json()) as { suggestions?: PlaceSuggestion[] };
  return body.suggestions ?? [];
};

/**
 * Address suggestions for the search box: nothing for empty text, 'too-short' under 4 characters,
 * bracketed coordinates read as a point, otherwise a request 500 ms after the last keystroke, of which only
 * the latest answer is kept.
 */
export function usePlaceSuggestions(method: SearchMethod, fetcher: FetchSuggestions = fetchPlaceSuggestions) {
  const [state, setState] = useState<SuggestionState>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    inflight.current?.abort();
    inflight.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  /** One request for the text; autocomplete errors give an empty list (spec section 8). */
  const request = useCallback(
    async (input: string, signal: AbortSignal): Promise<PlaceSuggestion[]> => {
      try {
        return await fetcher(input, signal, method);
      } catch {
        return [];
      }
    },
    [fetcher, method],
  );

  const update = useCallback(
    (text: string) => {
      cancel();
      const input = text.trim();
      if (input.length === 0) return setState({ status: 'idle' });
      if (isBracketedText(input)) return setState({ status: 'coordinates' });
      if (input.length < MIN_CHARS) return setState({ status: 'too-short' });
      setState({ status: 'loading' });
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        inflight.current = controller;
        void request(input, controller.signal).then((suggestions) => {
          // An aborted request (newer text, or a reset) is simply dropped.
          if (controller.signal.aborted) return;
          inflight.current = null;
          setState({ status: 'ready', suggestions });
        });
      }, PLACE_SEARCH_DEBOUNCE_MS);
    },
    [cancel, request],
  );

  const reset = useCallback(() => {
    cancel();
    setState({ status: 'idle' });
  }, [cancel]);

  /** The suggestions for the text at once, without the debounce (Enter pressed before they came). */
  const lookup = useCallback(
    (text: string) => {
      reset();
      return request(text.trim(), new AbortController().signal);
    },
    [reset, request],
  );

  return { state, update, reset, lookup };
}

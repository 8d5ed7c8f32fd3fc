'use client';

import { useId, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { LocateFixed, Search } from 'lucide-react';
import type { PlaceDetails, PlaceSuggestion } from '@storefront/contracts/locations';
import {
  MIN_CHARS,
  NOT_SUPPORTED_MESSAGE,
  NO_SUGGESTIONS_MESSAGE,
  TOO_SHORT_MESSAGE,
  isBracketedText,
} from '../address-rules';
import { searchHref, type SearchMethod } from '../search-href';
import { parseBracketedCoordinates } from '@storefront/contracts/coordinates';
import { usePlaceSuggestions, type FetchSuggestions } from '../use-place-suggestions';
import { currentPosition } from '../geolocation';
import { handFocusTo, useFocusHandoff } from '@/components/ui/focus-handoff';

export type FetchPlaceDetails = (placeId: string) => Promise<PlaceDetails | null>;

/** Same-origin place details; null when the place cannot be resolved. */
export const fetchPlaceDetails: FetchPlaceDetails = async (placeId) => {
  const res = await fetch(`/api/places?placeId=${encodeURIComponent(placeId)}`);
  if (!res.ok) return null;
  const body = (await res.json()) as { place?: PlaceDetails };
  return body.place ?? null;
};

interface Option {
  id: string;
  main: string;
  secondary: string;
  suggestion: PlaceSuggestion | null;
}

/** A place the guest picked, with the text shown for it. */
export type ChosenPlace = PlaceDetails & { query: string };

export interface AddressSearchProps {
  label: string;
  /** '(Pickup only)' when pickup is the only method. */
  labelNote?: string | null;
  placeholder: string;
  initialQuery: string;
  method: SearchMethod;
  fetchSuggestions?: FetchSuggestions;
  fetchDetails?: FetchPlaceDetails;
  /**
   * Takes over once a place is resolved (the delivery search) instead of navigating to the results; the box
   * shows it as busy until the promise settles.
   */
  onPlace?: (place: ChosenPlace) => Promise<void>;
}

const coordinatesLabel = (latitude: number, longitude: number) => `${latitude}, ${longitude}`;

/**
 * The page renders a new box for each query (its `key`), so the focused box is unmounted by a search and focus
 * would fall to <body>: the new box takes it (components/ui/focus-handoff.ts).
 */
const FOCUS_HANDOFF = 'address-search';

/**
 * The address box: an ARIA combobox with suggestions from 4 characters (debounced 500 ms), bracketed
 * coordinates, and the current position. Every search is a navigation to a URL the server renders; without
 * JavaScript the form still submits the typed text.
 */
export function AddressSearch({
  label,
  labelNote,
  placeholder,
  initialQuery,
  method,
  fetchSuggestions,
  fetchDetails = fetchPlaceDetails,
  onPlace,
}: AddressSearchProps) {
  const router = useRouter();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const messageId = `${id}-message`;
  const [text, setText] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const [navigating, startNavigation] = useTransition();
  const { state, update, reset, lookup } = usePlaceSuggestions(method, fetchSuggestions);
  const input = useRef<HTMLInputElement>(null);
  useFocusHandoff(FOCUS_HANDOFF, input);
  /** A search starts from this box or its buttons while they have focus: the next page's box takes it over. */
  const noteSearchFromFocus = () => {
    if (input.current?.form?.contains(document.activeElement)) handFocusTo(FOCUS_HANDOFF);
  };

  const options: Option[] =
    state.status === 'ready'
      ? state.suggestions.map((s, i) => ({
          id: `${id}-option-${i}`,
          main: s.mainText,
          secondary: s.secondaryText,
          suggestion: s,
        }))
      : state.status === 'coordinates'
        ? [
            {
              id: `${id}-option-0`,
              main: text.trim(),
              secondary: 'Latitude, longitude',
              suggestion: null,
            },
          ]
        : [];
  const expanded = open && options.length > 0;
  const hint = !open
    ? null
    : state.status === 'too-short'
      ? TOO_SHORT_MESSAGE
      : state.status === 'ready' && state.suggestions.length === 0
        ? NO_SUGGESTIONS_MESSAGE
        : null;
  const message = error ?? hint;
  const busy = resolving || navigating || (open && state.status === 'loading');

  function go(href: string) {
    setOpen(false);
    setActive(-1);
    startNavigation(() => router.push(href));
  }

  async function choose(option: Option) {
    setError(null);
    noteSearchFromFocus();
    if (!option.suggestion) return searchCoordinates(text.trim());
    const suggestion = option.suggestion;
    setText(suggestion.description);
    setOpen(false);
    reset();
    setResolving(true);
    let place: PlaceDetails | null = null;
    try {
      place = await fetchDetails(suggestion.placeId);
    } catch {
      place = null;
    }
    setResolving(false);
    if (!place) {
      setError(NOT_SUPPORTED_MESSAGE);
      return;
    }
    if (onPlace) return handOver({ ...place, query: suggestion.description });
    go(
      searchHref({
        query: suggestion.description,
        method,
        latitude: place.latitude,
        longitude: place.longitude,
      }),
    );
  }

  async function handOver(place: ChosenPlace) {
    if (!onPlace) return;
    setResolving(true);
    try {
      await onPlace({ ...place, line1: place.line1 || place.query });
    } finally {
      setResolving(false);
    }
  }

  /**
   * A point the guest typed or is at: searched around, or handed over to the delivery search with the address
   * the maps service gives for it (reverse geocoding, ordering spec section 7: the `geo:` place of a point; the
   * offline gazetteer gives its ZIP code, city and state, Google its street address), so that a delivery address
   * is not coordinates alone.
   */
  async function searchPoint(query: string, latitude: number, longitude: number) {
    if (!onPlace) return go(searchHref({ query, method, latitude, longitude }));
    setResolving(true);
    let found: PlaceDetails | null;
    try {
      found = await fetchDetails(`geo:${latitude},${longitude}`);
    } catch {
      found = null;
    }
    setResolving(false);
    const address = found ?? { line1: '', line2: '', city: '', stateCode: '', zipCode: '' };
    return handOver({ ...address, query, latitude, longitude });
  }

  /** Bracketed coordinates: the delivery search needs the point itself; the results page reads the text. */
  function searchCoordinates(query: string) {
    if (!onPlace) return go(searchHref({ query, method }));
    const point = parseBracketedCoordinates(query);
    if (!point) return setError(NOT_SUPPORTED_MESSAGE);
    return searchPoint(query, point.latitude, point.longitude);
  }

  /**
   * Enter before the debounced suggestions came: the delivery search asks for them now and takes the first (it
   * needs a place, not a list); the pickup search shows the results for the text.
   */
  async function submitText(query: string) {
    if (!onPlace) return go(searchHref({ query, method }));
    setResolving(true);
    const [first] = await lookup(query);
    setResolving(false);
    if (!first) return setError(NOT_SUPPORTED_MESSAGE);
    return choose({ id: '', main: first.mainText, secondary: first.secondaryText, suggestion: first });
  }

  function submit() {
    const query = text.trim();
    setError(null);
    noteSearchFromFocus();
    if (isBracketedText(query)) return void searchCoordinates(query);
    if (query.length === 0) return setError(TOO_SHORT_MESSAGE);
    if (query.length < MIN_CHARS) {
      setOpen(true);
      return update(query);
    }
    const first = options[0];
    if (first?.suggestion) return void choose(first);
    void submitText(query);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) =>
        i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = expanded && active >= 0 ? options[active] : undefined;
      if (option) void choose(option);
      else submit();
    } else if (event.key === 'Tab') {
      // Tab leaves the box for the next control (the browser moves focus): the list closes first, so focus
      // never goes to the list (a scrolling list is a tab stop of its own in Chromium) only to be dropped on
      // <body> when the blur hides it. A highlighted option is not chosen: choosing searches and navigates.
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  async function locateMe() {
    setError(null);
    noteSearchFromFocus();
    setOpen(false);
    setResolving(true);
    const result = await currentPosition(
      typeof navigator === 'undefined' ? undefined : navigator.geolocation,
    );
    setResolving(false);
    if (!result.ok) return setError(result.message);
    const query = `(${coordinatesLabel(result.latitude, result.longitude)})`;
    setText(query);
    return searchPoint(query, result.latitude, result.longitude);
  }

  return (
    <form
      role="search"
      aria-label="Location search"
      action="/search-locations"
      method="get"
      aria-busy={busy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-2"
    >
      <label htmlFor={inputId} className="text-sm font-semibold text-gray-800">
        {label}
        {labelNote ? (
          <>
            {' '}
            <span className="font-normal text-gray-700">{labelNote}</span>
          </>
        ) : null}
      </label>
      {method !== 'pickup' ? <input type="hidden" name="method" value={method} /> : null}
      <div className="flex items-stretch gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            ref={input}
            id={inputId}
            name="q"
            type="text"
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? options[active]?.id : undefined}
            aria-describedby={message ? messageId : undefined}
            autoComplete="off"
            placeholder={placeholder}
            value={text}
            maxLength={200}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
              setActive(-1);
              setOpen(true);
              update(event.target.value);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="h-12 w-full rounded-xl border border-gray-400 bg-white px-4 text-base text-gray-900 placeholder:text-gray-600"
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Address suggestions"
            // Options are reached with the arrow keys from the box (aria-activedescendant), never by Tab.
            tabIndex={-1}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-xl border border-gray-200 bg-white py-1 shadow-lg"
          >
            {options.map((option, index) => (
              <li
                key={option.id}
                id={option.id}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void choose(option)}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer px-4 py-2 ${index === active ? 'bg-gray-100' : ''}`}
              >
                <span className="block font-medium text-gray-900">{option.main}</span>
                {option.secondary ? (
                  <span className="block text-sm text-gray-700">{option.secondary}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
        <button
          type="submit"
          aria-label="Search"
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-button text-button-fg hover:brightness-110"
        >
          <Search aria-hidden className="size-5" />
        </button>
      </div>
      <div id={messageId} className="min-h-5 text-sm">
        <p role="alert" className="text-red-800">
          {error}
        </p>
        <p role="status" className="text-gray-700">
          {error ? '' : (hint ?? (busy ? 'Searching…' : ''))}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void locateMe()}
        className="inline-flex items-center gap-2 self-start rounded-full px-1 py-1 text-sm font-semibold text-gray-900 underline-offset-4 hover:underline"
      >
        <LocateFixed aria-hidden className="size-4" />
        Use my current location
      </button>
    </form>
  );
}

'use client';

import dynamic from 'next/dynamic';

/**
 * The store page's arrival prompts, loaded only on the visits that need them (a closed or offline store, a
 * missing method, a curbside or table link): most visits need none, so their code (forms, vehicle lists,
 * the schedule) stays out of the menu page's first load. Client-only: they open over a page already shown.
 */
export const LazyStorePromptDialogs = dynamic(
  () => import('./store-prompt-dialogs').then((m) => m.StorePromptDialogs),
  { ssr: false },
);

export const LazyEntryDialogs = dynamic(() => import('./entry-dialogs').then((m) => m.EntryDialogs), {
  ssr: false,
});

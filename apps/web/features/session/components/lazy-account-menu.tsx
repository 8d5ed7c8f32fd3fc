'use client';

import dynamic from 'next/dynamic';

/**
 * The signed-in header entry, its code (Radix DropdownMenu with floating-ui, focus scope and scroll lock) in a
 * chunk of its own: a server component's static import of a client component puts that component's code in the
 * first load of every page that could render it, guests' included. Server-rendered as before for a signed-in
 * customer, whose page loads the chunk with it.
 */
export const LazyAccountMenu = dynamic(() => import('./account-menu').then((m) => m.AccountMenu));

/**
 * The id of every page's main landmark: the skip link's target (components/ui/skip-link.tsx). A plain module, so
 * that server components read the string itself (a constant exported by a 'use client' module reaches a server
 * component as a client reference, not as its value).
 */
export const MAIN_CONTENT_ID = 'main-content';

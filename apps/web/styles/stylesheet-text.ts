/**
 * The compiled stylesheet's text, inlined into each document by `InlineStylesheet`. Empty here: for `next dev`,
 * which links the stylesheet, and in the browser bundle. A production build aliases this module, for the server
 * only, to the stylesheet it compiled (`next.config.ts`).
 */
export const stylesheetText = '';

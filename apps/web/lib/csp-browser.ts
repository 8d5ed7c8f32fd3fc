'use client';

import { setNonce } from 'get-nonce';

/**
 * What the browser needs to keep the pages' Content-Security-Policy (lib/security-headers.ts). Rendered first
 * in the root layout, so this module runs before the pages' own modules.
 */
if (typeof window !== 'undefined') {
  // Zod compiles object parsers with `new Function` when it may, and finds out by trying once: under a policy
  // without 'unsafe-eval' that try is a reported violation. Interpreted, zod parses the same. The browser only:
  // the server keeps the compiled parsers. Set on the global object zod keeps its configuration in (zod/v4/core's
  // `config()` writes the same object), so that every page's first load does not carry zod's core for it: most
  // pages run no zod in the browser, and those that do load it later than this module.
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}

/**
 * The nonce of the policy this document was loaded with, read from one of Next's nonce'd scripts (the browser
 * hides the attribute's value but keeps the `nonce` property). A server-rendered nonce prop can be newer than the
 * document: a refresh (router.refresh, a server action) renders the layout for a request with a fresh nonce, while
 * the document keeps the policy of its first load.
 */
export function documentNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

/**
 * Hands the request's nonce to get-nonce, where Radix's scroll lock (react-style-singleton) reads it for the
 * <style> it adds while a dialog is open; without it the policy blocks that style. In render, so it is set
 * before any dialog mounts (they all render after this component); setting it again is harmless.
 */
export function CspNonce({ nonce }: { nonce: string | undefined }) {
  const current = typeof window === 'undefined' ? undefined : (documentNonce() ?? nonce);
  if (current) setNonce(current);
  return null;
}

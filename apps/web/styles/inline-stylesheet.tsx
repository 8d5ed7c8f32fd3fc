'use client';

import { useRef } from 'react';
import { useServerInsertedHTML } from 'next/navigation';
import { stylesheetText } from '@/styles/stylesheet-text';

/**
 * Puts the whole stylesheet in the first part of the server's HTML, in a <style> in the head, so that the first
 * paint waits for no stylesheet request (a round trip of ~560 ms on a slow mobile network). It goes in through
 * `useServerInsertedHTML`, so the text is in the HTML once and not in the page's React payload; Next's own
 * `experimental.inlineCss` writes it three times (the <style> and twice in the flight data). Renders nothing
 * in the browser: the element stays in the head across client navigations, since the root layout never unmounts.
 *
 * `nonce` is the request's CSP nonce (proxy.ts): the <style> carries it, or the policy would block it.
 */
export function InlineStylesheet({ nonce }: { nonce: string | undefined }) {
  const inserted = useRef(false);
  useServerInsertedHTML(() => {
    if (inserted.current || !stylesheetText) return null;
    inserted.current = true;
    return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: stylesheetText }} />;
  });
  return null;
}

'use client';

import { useState } from 'react';
import { preload } from 'react-dom';
import { useRouter } from 'next/navigation';
import type { PromoPopup as PromoPopupConfig } from '@storefront/contracts/marketing';
import { PROMO_CLOSE_LABEL, PROMO_IMAGE_SIZES, isExternalTarget } from '@storefront/contracts/promo';
import { Button } from '@/components/ui/button';
import { PrerenderedDialog } from '@/components/ui/prerendered-dialog';
import { markPromoShown, promoImageSrc } from '../promo-flag';

type Target = { kind: 'external'; href: string } | { kind: 'internal'; href: string } | null;

/** Where resolved targets live while the page's origin is unknown (the server renders the popup too). */
const BASE = 'http://storefront.invalid';

/** In-app targets are resolved against the store page's path (a relative 'menu/...' stays on the store). */
function resolveTarget(url: string | null, pagePath: string): Target {
  if (!url) return null;
  if (isExternalTarget(url)) return { kind: 'external', href: url };
  const resolved = new URL(url, `${BASE}${pagePath}`);
  if (resolved.origin !== BASE) return null;
  return { kind: 'internal', href: `${resolved.pathname}${resolved.search}${resolved.hash}` };
}

/**
 * The store's promo popup, rendered by the store page only while this guest has not seen it (the search page
 * resets the flag). It is in the server's HTML, so its picture paints with the page. Closing it or following its
 * picture marks it shown; http(s) targets open in a new tab, others navigate in the app. Mobile and desktop
 * pictures are art-directed with <picture>.
 */
export function PromoPopup({ popup, pagePath }: { popup: PromoPopupConfig; pagePath: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(true);
  const target = resolveTarget(popup.imageTargetUrl, pagePath);

  const close = () => {
    markPromoShown();
    setOpen(false);
  };
  const mobile = promoImageSrc(popup.mobileImageUrl);
  const desktop = promoImageSrc(popup.desktopImageUrl);
  // The picture is the page's largest paint: the head asks for the one of this screen size at once.
  if (mobile) {
    preload(mobile, {
      as: 'image',
      fetchPriority: 'high',
      ...(desktop ? { media: '(max-width: 767px)' } : {}),
    });
  }
  if (desktop) {
    preload(desktop, {
      as: 'image',
      fetchPriority: 'high',
      ...(mobile ? { media: '(min-width: 768px)' } : {}),
    });
  }
  const picture =
    mobile || desktop ? (
      <picture>
        {desktop ? (
          <source
            media="(min-width: 768px)"
            srcSet={desktop}
            width={PROMO_IMAGE_SIZES.desktop.width}
            height={PROMO_IMAGE_SIZES.desktop.height}
          />
        ) : null}
        <img
          src={mobile ?? desktop ?? ''}
          alt={popup.name}
          width={mobile ? PROMO_IMAGE_SIZES.mobile.width : PROMO_IMAGE_SIZES.desktop.width}
          height={mobile ? PROMO_IMAGE_SIZES.mobile.height : PROMO_IMAGE_SIZES.desktop.height}
          className="h-auto w-full rounded-xl"
        />
      </picture>
    ) : null;

  return (
    <PrerenderedDialog
      open={open}
      onOpenChange={(open) => (open ? undefined : close())}
      title={popup.name}
      width="sm-3xl"
      // The corner button is always there ('Close'); a campaign's own label adds a second, worded one.
      actions={
        popup.closeButtonLabel && popup.closeButtonLabel !== PROMO_CLOSE_LABEL ? (
          <Button variant="secondary" onClick={close}>
            {popup.closeButtonLabel}
          </Button>
        ) : undefined
      }
    >
      {target?.kind === 'external' ? (
        <a
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
          className="block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {picture}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : target?.kind === 'internal' ? (
        <a
          href={target.href}
          onClick={(event) => {
            event.preventDefault();
            close();
            router.push(target.href);
          }}
          className="block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {picture}
        </a>
      ) : (
        picture
      )}
    </PrerenderedDialog>
  );
}

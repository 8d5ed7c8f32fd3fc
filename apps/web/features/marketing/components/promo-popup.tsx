'use client';

import { useEffect, useState } from 'react';
import { preload } from 'react-dom';
import { useRouter } from 'next/navigation';
import type { PromoPopup as PromoPopupConfig } from '@storefront/contracts/marketing';
import { PROMO_CLOSE_LABEL, PROMO_IMAGE_SIZES, isExternalTarget } from '@storefront/contracts/promo';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { markPromoShown, promoImageSrc, wasPromoShown } from '../promo-flag';

type Target = { kind: 'external'; href: string } | { kind: 'internal'; href: string } | null;

/** In-app targets are resolved against the page URL (a relative 'menu/...' stays on the current store). */
function resolveTarget(url: string | null): Target {
  if (!url) return null;
  if (isExternalTarget(url)) return { kind: 'external', href: url };
  const resolved = new URL(url, window.location.href);
  if (resolved.origin !== window.location.origin) return null;
  return { kind: 'internal', href: `${resolved.pathname}${resolved.search}${resolved.hash}` };
}

/**
 * The store's promo popup: opens once per guest (until the search page resets the flag). Closing it or
 * following its picture marks it shown; http(s) targets open in a new tab, others navigate in the app.
 * Mobile and desktop pictures are art-directed with <picture>.
 */
export function PromoPopup({ popup }: { popup: PromoPopupConfig }) {
  const router = useRouter();
  const [state, setState] = useState<{ open: boolean; target: Target }>({ open: false, target: null });

  useEffect(() => {
    if (wasPromoShown()) return;
    // Only the browser knows the flag and the page URL: the popup opens after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState({ open: true, target: resolveTarget(popup.imageTargetUrl) });
  }, [popup.imageTargetUrl]);

  const close = () => {
    markPromoShown();
    setState((s) => ({ ...s, open: false }));
  };
  const mobile = promoImageSrc(popup.mobileImageUrl);
  const desktop = promoImageSrc(popup.desktopImageUrl);
  // The popup opens only after hydration, and its picture is then the page's largest paint: the server-rendered
  // head asks for the picture of this screen size at once, so it is there when the popup opens.
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
  const { target } = state;

  return (
    <Dialog
      open={state.open}
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
    </Dialog>
  );
}

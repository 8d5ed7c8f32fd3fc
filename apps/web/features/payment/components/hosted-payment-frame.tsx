'use client';

import { forwardRef } from 'react';

/**
 * The hosted payment page of the API's payment origin (card numbers never touch the storefront).
 * 590 px high on small screens, 420 px from the desktop breakpoint (spec section 9).
 */
export const HostedPaymentFrame = forwardRef<HTMLIFrameElement, { src: string }>(function HostedPaymentFrame(
  { src },
  ref,
) {
  return (
    <iframe
      ref={ref}
      src={src}
      title="Credit card payment form"
      className="h-[590px] w-full rounded-xl border border-gray-200 bg-white md:h-[420px]"
      referrerPolicy="no-referrer"
      allow="payment"
    />
  );
});

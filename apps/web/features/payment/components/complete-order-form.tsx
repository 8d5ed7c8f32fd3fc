import { forwardRef } from 'react';

/**
 * The POST to /payment/complete once the order is placed (it forgets the order and goes on to tracking or
 * confirmation). The page submits it; it is hidden, and it carries its own submit button like any complete form
 * (HTML_CodeSniffer H32.2).
 */
export const CompleteOrderForm = forwardRef<HTMLFormElement>(function CompleteOrderForm(_, ref) {
  return (
    <form ref={ref} method="post" action="/payment/complete" hidden>
      <button type="submit" tabIndex={-1}>
        Continue
      </button>
    </form>
  );
});

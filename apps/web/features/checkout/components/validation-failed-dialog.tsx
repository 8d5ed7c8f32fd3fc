'use client';

import { ORDER_TOTAL_CODES } from '@storefront/contracts/errors';
import type { OrderValidationError } from '@storefront/contracts/checkout';
import { validationErrorLine } from '@storefront/contracts/checkout-rules';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** PreCheckout failures: each message with its code in brackets; min/max order limits say 'Order Total issue!'. */
export function ValidationFailedDialog({
  errors,
  onClose,
}: {
  errors: OrderValidationError[] | null;
  onClose: () => void;
}) {
  const isOrderTotal = errors?.some((e) => ORDER_TOTAL_CODES.includes(e.code)) ?? false;
  return (
    <Dialog
      open={errors !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      dismissible={false}
      title={isOrderTotal ? 'Order Total issue!' : 'Validation failed'}
      description="Your order cannot be placed yet:"
      actions={<Button onClick={onClose}>OK</Button>}
    >
      <ul className="list-disc pl-5 text-gray-900">
        {(errors ?? []).map((error, index) => (
          <li key={`${error.code}-${index}`}>{validationErrorLine(error)}</li>
        ))}
      </ul>
    </Dialog>
  );
}

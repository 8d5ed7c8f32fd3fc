'use client';

import { CaptchaField } from '@/features/session/components/captcha-field';
import type { CaptchaConfig } from '@/features/session/captcha-config';
import { usePaymentFlow } from '@/features/payment/payment-flow-context';

/**
 * The payment page's challenge: the storefront's captcha widget (the one the sign-up dialog uses), composed
 * here because features do not import each other. Its solved payload starts the new card's payment.
 */
export function PaymentCaptcha({ config }: { config: CaptchaConfig }) {
  const flow = usePaymentFlow();
  return (
    <CaptchaField
      config={config}
      onChange={(payload) => flow.answerChallenge(payload)}
      resetKey={flow.challenge?.resetKey ?? 0}
    />
  );
}

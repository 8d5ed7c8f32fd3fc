'use client';

import dynamic from 'next/dynamic';
import type { CaptchaConfig } from '@/features/session/captcha-config';
import { usePaymentFlow } from '@/features/payment/payment-flow-context';

/** The widget is a chunk of its own: the page shows it only when the API asks for a challenge (9902). */
const CaptchaField = dynamic(
  () => import('@/features/session/components/captcha-field').then((m) => m.CaptchaField),
  { ssr: false },
);

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

'use client';

import dynamic from 'next/dynamic';

/**
 * The SMS verification (checkout submit step 5), its code (the verification calls and their checks) in a chunk of
 * its own, loaded when a payment method first asks for it: the checkout form renders it only then.
 */
export const SmsVerificationDialog = dynamic(() =>
  import('./sms-verification-dialog').then((m) => m.SmsVerificationDialog),
);

'use client';

import { useEffect, useId, useRef, useState } from 'react';
import {
  OTP_ALREADY_VERIFIED_DELAY_MS,
  OTP_SUCCESS_DELAY_MS,
  VERIFICATION_MESSAGES,
  verificationErrorDisplay,
} from '@storefront/contracts/verification';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { OtpInput } from './otp-input';
import { requestVerificationCode, submitVerificationCode } from '../verification-client';

type Stage =
  | { kind: 'send'; error: string | null }
  | { kind: 'code'; digits: string[]; maskedPhone: string; error: string | null }
  | { kind: 'correct' }
  | { kind: 'blocked' }
  | { kind: 'dialog' };

/**
 * SMS verification (checkout submit step 5, spec section 4): the send-code stage (the phone, 'Confirm'), then the
 * enter-code stage (one box per digit of the response, 'Resend code'); a correct code shows 'Correct!' and emits
 * validated after 1 s (2 s when already verified: 8001). The spec's error modes: under the phone (6001, 6002), in
 * red on the boxes (1411, 1414, 6003, 1415), the blocked screen with Done (1412, 1416: `onBlocked`, which disables
 * Confirm Order), the 'Oops! An error occurred' dialog (1413, 1417, 1418), 'Unknown error' otherwise. Mount it
 * while it is open: each opening starts at the send-code stage.
 */
export function SmsVerificationDialog({
  open,
  orderId,
  phone,
  onValidated,
  onBlocked,
  onClose,
}: {
  open: boolean;
  orderId: number;
  /** The checkout form's phone, offered in the send-code stage. */
  phone: string;
  onValidated: () => void;
  onBlocked: () => void;
  onClose: () => void;
}) {
  const [stage, setStage] = useState<Stage>({ kind: 'send', error: null });
  const [phoneValue, setPhoneValue] = useState(phone);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const errorId = useId();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function validated(delayMs: number) {
    setStage({ kind: 'correct' });
    timer.current = setTimeout(onValidated, delayMs);
  }

  /** Shows a failure in the mode the spec gives its code. */
  function show(code: number, inCode: { digits: string[]; maskedPhone: string } | null) {
    const display = verificationErrorDisplay(code);
    if (display.mode === 'validated') return validated(OTP_ALREADY_VERIFIED_DELAY_MS);
    if (display.mode === 'blocked') {
      setStage({ kind: 'blocked' });
      onBlocked();
      return;
    }
    if (display.mode === 'dialog') return setStage({ kind: 'dialog' });
    if (display.mode === 'code' && inCode) {
      return setStage({
        kind: 'code',
        ...inCode,
        digits: inCode.digits.map(() => ''),
        error: display.message,
      });
    }
    if (inCode) return setStage({ kind: 'code', ...inCode, error: display.message });
    setStage({ kind: 'send', error: display.message });
  }

  async function send() {
    setBusy(true);
    const result = await requestVerificationCode(orderId, phoneValue);
    setBusy(false);
    if (result.ok) {
      setStage({
        kind: 'code',
        digits: result.value.digits,
        maskedPhone: result.value.maskedPhone,
        error: null,
      });
    } else show(result.code, null);
  }

  async function verify(digits: string[], maskedPhone: string) {
    setBusy(true);
    const result = await submitVerificationCode(orderId, digits);
    setBusy(false);
    if (result.ok) validated(OTP_SUCCESS_DELAY_MS);
    else show(result.code, { digits, maskedPhone });
  }

  const closable = !busy && stage.kind !== 'correct';
  const close = () => {
    if (closable) onClose();
  };

  if (stage.kind === 'blocked') {
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? undefined : onClose())}
        title={VERIFICATION_MESSAGES.blockedTitle}
        description={VERIFICATION_MESSAGES.blockedText}
        actions={<Button onClick={onClose}>Done</Button>}
      />
    );
  }
  if (stage.kind === 'dialog') {
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? undefined : onClose())}
        title={VERIFICATION_MESSAGES.dialogTitle}
        description={VERIFICATION_MESSAGES.dialogText}
        actions={<Button onClick={onClose}>Close</Button>}
      />
    );
  }
  if (stage.kind === 'correct') {
    return (
      <Dialog open={open} onOpenChange={() => undefined} dismissible={false} title="Verify your phone number">
        <p role="status" className="text-lg font-semibold text-green-800">
          {VERIFICATION_MESSAGES.correct}
        </p>
      </Dialog>
    );
  }
  if (stage.kind === 'send') {
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? undefined : close())}
        dismissible={!busy}
        title="Verify your phone number"
        description="This payment method needs your phone number verified. We will text you a code."
        actions={
          <>
            <Button variant="secondary" disabled={busy} onClick={close}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => void send()}>
              Confirm
            </Button>
          </>
        }
      >
        <TextField
          label="Phone"
          type="text"
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={32}
          value={phoneValue}
          onChange={(e) => setPhoneValue(e.target.value)}
          error={stage.error ?? undefined}
        />
      </Dialog>
    );
  }
  const { digits, maskedPhone, error } = stage;
  const complete = digits.every((d) => d !== '');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      dismissible={!busy}
      title="Enter your code"
      description={`We texted a ${digits.length}-digit code to ${maskedPhone}.`}
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => void send()}>
            Resend code
          </Button>
          <Button loading={busy} disabled={!complete} onClick={() => void verify(digits, maskedPhone)}>
            Verify
          </Button>
        </>
      }
    >
      <OtpInput
        label="Verification code"
        values={digits}
        invalid={error !== null}
        describedBy={error ? errorId : undefined}
        disabled={busy}
        onChange={(next) => {
          setStage({ kind: 'code', digits: next, maskedPhone, error: null });
          if (next.every((d) => d !== '') && !busy) void verify(next, maskedPhone);
        }}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

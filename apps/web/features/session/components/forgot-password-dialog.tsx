'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ForgotPasswordFormSchema } from '@storefront/contracts/accounts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { CaptchaConfig } from '../captcha-config';
import { FORGOT_PASSWORD_FAILED, forgotPasswordSent } from '../session-errors';
import { forgotPassword as forgotPasswordAction } from '../session.actions';
import { CaptchaField, type CaptchaFieldProps } from './captcha-field';
import { TextField } from '@/components/ui/text-field';
import { FormMessage, SwitchLink } from './form-field';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  captcha: CaptchaConfig;
  onSwitch: (to: 'login') => void;
  forgotPassword?: typeof forgotPasswordAction;
  Captcha?: React.ComponentType<CaptchaFieldProps>;
}

type Outcome = { kind: 'none' } | { kind: 'sent'; email: string } | { kind: 'failed'; message: string };

/**
 * Forgot password: e-mail (required, valid) and the challenge. The confirmation is the same for every address
 * (no account enumeration); a failure reads 'Server error'.
 */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  captcha,
  onSwitch,
  forgotPassword = forgotPasswordAction,
  Captcha = CaptchaField,
}: ForgotPasswordDialogProps) {
  const [recaptchaInput, setRecaptchaInput] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<z.input<typeof ForgotPasswordFormSchema>, unknown, z.output<typeof ForgotPasswordFormSchema>>({
    resolver: zodResolver(ForgotPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!recaptchaInput) return;
    setPending(true);
    try {
      const result = await forgotPassword({ ...values, recaptchaInput });
      setOutcome(
        result.ok ? { kind: 'sent', email: result.data.email } : { kind: 'failed', message: result.error },
      );
    } catch {
      setOutcome({ kind: 'failed', message: FORGOT_PASSWORD_FAILED });
    } finally {
      setPending(false);
    }
    setRecaptchaInput(null);
    setCaptchaKey((k) => k + 1);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Forgot password?"
      description="Enter the e-mail address of your account and we will send you a link to create a new password."
    >
      {outcome.kind === 'sent' ? (
        <div className="flex flex-col gap-4">
          <FormMessage tone="success">{forgotPasswordSent(outcome.email)}</FormMessage>
          <Button block onClick={() => onSwitch('login')}>
            Sign in
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Captcha config={captcha} onChange={setRecaptchaInput} resetKey={captchaKey} />
          {outcome.kind === 'failed' ? <FormMessage tone="error">{outcome.message}</FormMessage> : null}
          <Button type="submit" block loading={pending} disabled={!isValid || !recaptchaInput}>
            Send link
          </Button>
          <p className="text-sm">
            Remembered it? <SwitchLink onClick={() => onSwitch('login')}>Sign in</SwitchLink>
          </p>
        </form>
      )}
    </Dialog>
  );
}

'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, LoginFormSchema, type LoginForm } from '@storefront/contracts/accounts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { CaptchaConfig } from '../captcha-config';
import type { LoginFailure } from '../session-errors';
import { resendActivation as resendActivationAction, signIn as signInAction } from '../session.actions';
import { CaptchaField, type CaptchaFieldProps } from './captcha-field';
import { TextField } from '@/components/ui/text-field';
import { FormMessage, SwitchLink } from './form-field';

export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  captcha: CaptchaConfig;
  onSwitch: (to: 'signup' | 'forgot') => void;
  /** Signed in: the caller refreshes the page (the header greets the customer). */
  onSignedIn: (firstName: string) => void;
  /** The e-mail to start with (the activation page's, once the account is verified). */
  initialEmail?: string;
  /** The server actions (the real ones by default). */
  signIn?: typeof signInAction;
  resendActivation?: typeof resendActivationAction;
  /** The challenge widget (CaptchaField by default). */
  Captcha?: React.ComponentType<CaptchaFieldProps>;
}

type Outcome = { kind: 'none' } | { kind: 'failed'; failure: LoginFailure } | { kind: 'activation-sent' };

/**
 * The login dialog (ordering spec sections 4, 5, 8): e-mail and password with the spec's messages, the challenge,
 * 'Sign in' disabled until all three are there. Errors: 'Invalid email or password' (unknown address and wrong
 * password alike), an inactive account offers 'Resend activation link', a refused challenge asks for a fresh one,
 * anything else 'Unknown error ocurred while trying to perform login'.
 */
export function LoginDialog({
  open,
  onOpenChange,
  captcha,
  onSwitch,
  onSignedIn,
  initialEmail = '',
  signIn = signInAction,
  resendActivation = resendActivationAction,
  Captcha = CaptchaField,
}: LoginDialogProps) {
  const [recaptchaInput, setRecaptchaInput] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<LoginForm, unknown, z.output<typeof LoginFormSchema>>({
    resolver: zodResolver(LoginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: initialEmail, password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!recaptchaInput) return;
    setPending(true);
    setOutcome({ kind: 'none' });
    try {
      const result = await signIn({ ...values, recaptchaInput });
      if (result.ok) {
        onSignedIn(result.data.firstName);
        return;
      }
      setOutcome({ kind: 'failed', failure: result.error });
    } catch {
      setOutcome({ kind: 'failed', failure: { kind: 'unknown', message: ACCOUNT_MESSAGES.loginUnknown } });
    } finally {
      setPending(false);
    }
    // A challenge is good for one try: every refused sign-in needs a fresh one.
    setRecaptchaInput(null);
    setCaptchaKey((k) => k + 1);
  });

  const resend = async (accountId: number) => {
    setPending(true);
    try {
      const result = await resendActivation({ accountId });
      setOutcome(
        result.ok
          ? { kind: 'activation-sent' }
          : { kind: 'failed', failure: { kind: 'unknown', message: result.error } },
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Sign in" description="Sign in to your account.">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Captcha config={captcha} onChange={setRecaptchaInput} resetKey={captchaKey} />
        {outcome.kind === 'failed' ? <FormMessage tone="error">{outcome.failure.message}</FormMessage> : null}
        {outcome.kind === 'failed' && outcome.failure.kind === 'inactive' ? (
          <Button
            variant="secondary"
            onClick={() => {
              if (outcome.failure.kind === 'inactive') void resend(outcome.failure.accountId);
            }}
            disabled={pending}
          >
            Resend activation link
          </Button>
        ) : null}
        {outcome.kind === 'activation-sent' ? (
          <FormMessage tone="success">{ACCOUNT_MESSAGES.activationSent}</FormMessage>
        ) : null}
        <Button type="submit" block loading={pending} disabled={!isValid || !recaptchaInput}>
          Sign in
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <SwitchLink onClick={() => onSwitch('forgot')}>Forgot password?</SwitchLink>
          <SwitchLink onClick={() => onSwitch('signup')}>Create an account</SwitchLink>
        </div>
      </form>
    </Dialog>
  );
}

'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, SignupFormSchema, type SignupForm } from '@storefront/contracts/accounts';
import { NAME_MAX } from '@storefront/contracts/text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { CaptchaConfig } from '../captcha-config';
import { signupSucceeded } from '../session-errors';
import { signUp as signUpAction } from '../session.actions';
import { CaptchaField, type CaptchaFieldProps } from './captcha-field';
import { TextField } from '@/components/ui/text-field';
import { FormMessage, SwitchLink } from './form-field';

export interface SignupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  captcha: CaptchaConfig;
  onSwitch: (to: 'login') => void;
  signUp?: typeof signUpAction;
  Captcha?: React.ComponentType<CaptchaFieldProps>;
}

/** The spec's signup state. */
export type SignupState =
  | { state: 'none' }
  | { state: 'pending' }
  | { state: 'success'; email: string }
  | { state: 'error'; message: string };

/**
 * The signup dialog (ordering spec section 5): first and last name (at most 40), phone (digits only), e-mail,
 * password (8+ with upper case, lower case and digits), its confirmation, and the challenge; 'Sign up' is
 * disabled until all are valid. Success asks the customer to check their e-mail; a failure shows the first
 * server message, else the spec's text about the address.
 */
export function SignupDialog({
  open,
  onOpenChange,
  captcha,
  onSwitch,
  signUp = signUpAction,
  Captcha = CaptchaField,
}: SignupDialogProps) {
  const [recaptchaInput, setRecaptchaInput] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [signup, setSignup] = useState<SignupState>({ state: 'none' });
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<SignupForm, unknown, z.output<typeof SignupFormSchema>>({
    resolver: zodResolver(SignupFormSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      phoneNumber: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async (form) => {
    if (!recaptchaInput) return;
    setSignup({ state: 'pending' });
    try {
      const result = await signUp({ form, recaptchaInput });
      if (result.ok) {
        setSignup({ state: 'success', email: result.data.email });
        return;
      }
      setSignup({ state: 'error', message: result.error });
    } catch {
      setSignup({ state: 'error', message: ACCOUNT_MESSAGES.signupFailed });
    }
    setRecaptchaInput(null);
    setCaptchaKey((k) => k + 1);
  });

  if (signup.state === 'success') {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Create an account"
        description="Check your e-mail"
      >
        <div className="flex flex-col gap-4">
          <FormMessage tone="success">{signupSucceeded(signup.email)}</FormMessage>
          <Button block onClick={() => onSwitch('login')}>
            Sign in
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create an account"
      description="Sign up to order faster and see your past orders."
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            autoComplete="given-name"
            maxLength={NAME_MAX + 10}
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            maxLength={NAME_MAX + 10}
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Phone Number"
          type="text"
          inputMode="numeric"
          autoComplete="tel-national"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Captcha config={captcha} onChange={setRecaptchaInput} resetKey={captchaKey} />
        {signup.state === 'error' ? <FormMessage tone="error">{signup.message}</FormMessage> : null}
        <Button
          type="submit"
          block
          loading={signup.state === 'pending'}
          disabled={!isValid || !recaptchaInput}
        >
          Sign up
        </Button>
        <p className="text-sm">
          Already have an account? <SwitchLink onClick={() => onSwitch('login')}>Sign in</SwitchLink>
        </p>
      </form>
    </Dialog>
  );
}

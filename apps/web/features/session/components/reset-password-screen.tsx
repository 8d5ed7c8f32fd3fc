'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, ResetPasswordFormSchema } from '@storefront/contracts/accounts';
import { Button } from '@/components/ui/button';
import { resetPassword as resetPasswordAction } from '../session.actions';
import { TextField } from '@/components/ui/text-field';
import { FormMessage } from './form-field';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

type Outcome =
  { kind: 'none' } | { kind: 'done' } | { kind: 'invalid-link' } | { kind: 'failed'; message: string };

const homeLinkClass =
  'inline-flex min-h-11 items-center rounded-full bg-button px-6 font-semibold text-button-fg';

/**
 * /my-account/reset-password?token= (checkout-account sections 2 and 5): 'Create New Password' with New Password
 * and Confirm Password and the spec's messages, 'Done'; 'Password Updated!' after. Without a token, or with one
 * the API does not know (used, expired): 'The link is not valid' with 'Go back home'. A failure otherwise shows
 * the error message in red.
 */
export function ResetPasswordScreen({
  token,
  resetPassword = resetPasswordAction,
}: {
  token: string | null;
  resetPassword?: typeof resetPasswordAction;
}) {
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'none' } : { kind: 'invalid-link' });
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ResetPasswordFormSchema>, unknown, z.output<typeof ResetPasswordFormSchema>>({
    resolver: zodResolver(ResetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (form) => {
    if (!token) return;
    setPending(true);
    try {
      const result = await resetPassword({ token, form });
      if (result.ok) setOutcome({ kind: 'done' });
      else if (result.error.kind === 'invalid-link') setOutcome({ kind: 'invalid-link' });
      else setOutcome({ kind: 'failed', message: result.error.message });
    } catch {
      setOutcome({ kind: 'failed', message: 'Server error' });
    } finally {
      setPending(false);
    }
  });

  if (outcome.kind === 'invalid-link') {
    return (
      <main
        id={MAIN_CONTENT_ID}
        className="mx-auto flex w-full max-w-md flex-1 flex-col items-center gap-5 px-4 py-16 text-center"
      >
        <h1 className="text-2xl font-bold">{ACCOUNT_MESSAGES.linkNotValid}</h1>
        <Link href="/" className={homeLinkClass}>
          Go back home
        </Link>
      </main>
    );
  }
  if (outcome.kind === 'done') {
    return (
      <main
        id={MAIN_CONTENT_ID}
        className="mx-auto flex w-full max-w-md flex-1 flex-col items-center gap-5 px-4 py-16 text-center"
      >
        <h1 className="text-2xl font-bold">{ACCOUNT_MESSAGES.passwordUpdated}</h1>
        <p className="text-gray-700">You can now sign in with your new password.</p>
        <Link href="/" className={homeLinkClass}>
          Go back home
        </Link>
      </main>
    );
  }
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-md flex-1 px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">Create New Password</h1>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <TextField
          label="New Password"
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
        {outcome.kind === 'failed' ? <FormMessage tone="error">{outcome.message}</FormMessage> : null}
        <Button type="submit" block loading={pending}>
          Done
        </Button>
      </form>
    </main>
  );
}

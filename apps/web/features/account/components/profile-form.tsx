'use client';

import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ProfileFormSchema, type AccountDetails, type ProfileForm } from '@storefront/contracts/accounts';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import type { ProfileResult } from '../account.actions';
import { TextField } from '@/components/ui/text-field';

/** Shown after a successful save (the spec names no text for it). */
export const PROFILE_SAVED = 'Your personal info was saved.';

/**
 * Personal info: first name, last name and phone (the contracts' ProfileFormSchema and its messages), e-mail
 * read-only. Save is enabled only when something changed; every field is read-only under loyalty login.
 */
export function ProfileFormView({
  account,
  readOnly = false,
  save,
}: {
  account: AccountDetails;
  readOnly?: boolean;
  save: (form: ProfileForm) => Promise<ProfileResult>;
}) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileForm, unknown, z.output<typeof ProfileFormSchema>>({
    resolver: zodResolver(ProfileFormSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: account.firstName,
      lastName: account.lastName,
      phoneNumber: account.phoneNumber,
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    startTransition(async () => {
      const result = await save(values);
      if (result.ok) {
        // The saved values are the form's new baseline: Save is disabled again until the next change.
        reset({
          firstName: result.data.firstName,
          lastName: result.data.lastName,
          phoneNumber: result.data.phoneNumber,
        });
        toast('success', PROFILE_SAVED);
        return;
      }
      for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
        setError(field as keyof ProfileForm, { message });
      }
      setFailure(result.error);
    });
  });

  return (
    <section aria-labelledby="profile-heading" className="flex max-w-xl flex-col gap-4">
      <h2 id="profile-heading" className="text-2xl font-bold">
        Personal info
      </h2>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextField
          label="First Name"
          autoComplete="given-name"
          readOnly={readOnly}
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          readOnly={readOnly}
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label="Phone Number"
          type="text"
          inputMode="numeric"
          autoComplete="tel-national"
          readOnly={readOnly}
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <TextField label="Email" type="email" value={account.email} readOnly aria-readonly="true" />
        {failure ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {failure}
          </p>
        ) : null}
        <Button type="submit" className="self-start" disabled={readOnly || !isDirty} loading={pending}>
          Save
        </Button>
      </form>
    </section>
  );
}

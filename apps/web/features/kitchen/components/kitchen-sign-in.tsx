'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { signIn } from '../kitchen.actions';
import { armKitchenSound } from '../kitchen-sound';

/** Staff sign-in with the store's staff key (exchanged by the server for a session; only the session is kept). */
export function KitchenSignIn({ initialError }: { initialError: string | null }) {
  const [state, action, pending] = useActionState(signIn, null);
  const error = state && !state.ok ? state.error : initialError;
  return (
    <form
      action={action}
      // The sign-in press is the gesture that lets the board play its new-order chime later (browsers keep
      // audio off until one); the page is not reloaded after it, so the audio context lives on.
      onSubmit={armKitchenSound}
      className="mx-auto flex w-full max-w-sm flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm"
    >
      <h1 className="text-2xl font-bold">Kitchen sign in</h1>
      <div className="flex flex-col gap-1">
        <label htmlFor="staff-key" className="text-sm font-semibold">
          Staff key
        </label>
        <input
          id="staff-key"
          name="staffKey"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'staff-key-error' : undefined}
          className="min-h-12 rounded-lg border border-gray-400 bg-white px-3"
        />
        {error ? (
          <p id="staff-key-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="min-h-12" loading={pending}>
        Sign in
      </Button>
    </form>
  );
}

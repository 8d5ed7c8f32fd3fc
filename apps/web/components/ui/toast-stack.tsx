'use client';

import { Toast } from 'radix-ui';
import { cn } from '@/lib/cn';
import type { ToastMessage } from './toast';

/** The toasts on screen (Radix: announced to screen readers, swipe or Escape dismisses). */
export function ToastStack({
  toasts,
  onDismiss,
}: {
  toasts: readonly ToastMessage[];
  onDismiss: (id: number) => void;
}) {
  return (
    <Toast.Provider swipeDirection="right">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          duration={t.duration}
          type={t.type === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) onDismiss(t.id);
          }}
          className={cn(
            'rounded-xl px-4 py-3 font-medium text-white shadow-lg',
            t.type === 'error' ? 'bg-red-800' : 'bg-green-800',
          )}
        >
          <Toast.Description>{t.message}</Toast.Description>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-24 right-4 md:bottom-4 z-[60] flex w-[min(24rem,calc(100%-2rem))] flex-col gap-2" />
    </Toast.Provider>
  );
}

'use client';

import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS } from '@storefront/contracts/text';
import { cn } from '@/lib/cn';

export interface ToastMessage {
  id: number;
  type: 'error' | 'success';
  message: string;
  duration: number;
}

const ToastContext = createContext<(type: ToastMessage['type'], message: string, duration?: number) => void>(
  () => undefined,
);

/** Toasts auto-dismiss after their duration (default 5000 ms) and are announced to screen readers. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const push = useCallback((type: ToastMessage['type'], message: string, duration = TOAST_DURATION_MS) => {
    setToasts((list) => [...list, { id: Date.now() + Math.random(), type, message, duration }]);
  }, []);
  const value = useMemo(() => push, [push]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right">
        {children}
        {toasts.map((t) => (
          <Toast.Root
            key={t.id}
            duration={t.duration}
            type={t.type === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) setToasts((list) => list.filter((x) => x.id !== t.id));
            }}
            className={cn(
              'rounded-xl px-4 py-3 font-medium text-white shadow-lg',
              t.type === 'error' ? 'bg-red-800' : 'bg-green-800',
            )}
          >
            <Toast.Description>{t.message}</Toast.Description>
          </Toast.Root>
        ))}
        <Toast.Viewport className="fixed bottom-4 right-4 z-[60] flex w-[min(24rem,calc(100%-2rem))] flex-col gap-2" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}

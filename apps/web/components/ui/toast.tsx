'use client';

import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import dynamic from 'next/dynamic';
import { TOAST_DURATION_MS } from '@storefront/contracts/text';

// The toast UI loads with the first toast: most pages show none, and it stays out of every first load.
const ToastStack = dynamic(() => import('./toast-stack').then((m) => m.ToastStack), { ssr: false });

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
  const [shown, setShown] = useState(false);
  if (toasts.length > 0 && !shown) setShown(true);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {shown ? <ToastStack toasts={toasts} onDismiss={dismiss} /> : null}
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}

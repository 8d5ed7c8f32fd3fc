import { CircleCheck } from 'lucide-react';

export type OverlayState = 'loading' | 'processing' | 'approved';

const TEXT: Record<OverlayState, string> = {
  loading: 'Loading...',
  processing: 'Processing Payment',
  approved: 'Payment approved!',
};

/** Covers the page while the payment starts, while it is processed, and for 3 s after approval. */
export function PaymentOverlay({ state }: { state: OverlayState }) {
  return (
    <div
      role="status"
      aria-live="assertive"
      className="fixed inset-0 z-40 grid place-items-center bg-white/90 backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-10 py-8 text-center shadow-lg">
        {state === 'approved' ? (
          <CircleCheck aria-hidden className="size-14 text-green-700" />
        ) : (
          <span
            aria-hidden
            className="size-12 animate-spin rounded-full border-4 border-brand border-t-transparent motion-reduce:animate-none"
          />
        )}
        <p className="text-xl font-bold text-gray-900">{TEXT[state]}</p>
      </div>
    </div>
  );
}

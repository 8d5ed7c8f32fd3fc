/** A link-looking button that switches between the session dialogs ('Create an account', 'Sign in', ...). */
export function SwitchLink({ children, onClick }: { children: React.ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-h-11 font-semibold text-gray-900 underline underline-offset-4 hover:no-underline"
    >
      {children}
    </button>
  );
}

/** A dialog's outcome line: errors in red (role=alert), confirmations in green (role=status). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: React.ReactNode }) {
  return tone === 'error' ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
      {children}
    </p>
  );
}

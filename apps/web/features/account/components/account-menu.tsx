import Link from 'next/link';
import { ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';

export type AccountSection = 'menu' | 'profile' | 'order-history' | 'rewards' | 'saved-payments';

const ENTRIES = [
  { section: 'profile', label: 'Personal info', href: '/my-account/profile' },
  { section: 'order-history', label: 'Order History', href: '/my-account/order-history' },
] as const;

const REWARDS = { section: 'rewards', label: 'Rewards', href: '/my-account/rewards' } as const;

const SAVED_PAYMENTS = {
  section: 'saved-payments',
  label: 'Saved Payments',
  href: '/my-account/saved-payments',
} as const;

const entryClass =
  'flex min-h-12 w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left font-semibold';

/**
 * The account menu: Personal info, Order History, Rewards (the points balance and history, where the brand has a
 * loyalty program), Saved Payments (a link when the 'enable saved payments' flag is on, else greyed without a
 * target) and Logout (the session feature's dialog, passed in by the page).
 */
export function AccountMenu({
  active,
  logout,
  savedPayments = false,
  rewards = false,
}: {
  active: AccountSection;
  logout: React.ReactNode;
  savedPayments?: boolean;
  rewards?: boolean;
}) {
  const entries = [...ENTRIES, ...(rewards ? [REWARDS] : []), ...(savedPayments ? [SAVED_PAYMENTS] : [])];
  return (
    <nav aria-label="My account">
      <ul className="flex flex-col gap-1">
        {entries.map((entry) => (
          <li key={entry.section}>
            <Link
              href={entry.href}
              aria-current={active === entry.section ? 'page' : undefined}
              className={cn(
                entryClass,
                active === entry.section ? 'bg-gray-900 text-white' : 'text-gray-900 hover:bg-gray-100',
              )}
            >
              {entry.label}
              <ChevronRight aria-hidden className="size-5" />
            </Link>
          </li>
        ))}
        {savedPayments ? null : (
          <li>
            {/* The flag is off: the entry is shown greyed, without a target (checkout-account section 2). */}
            <span
              role="link"
              aria-disabled="true"
              className={cn(entryClass, 'cursor-not-allowed text-gray-600')}
            >
              Saved Payments
            </span>
          </li>
        )}
        <li>{logout}</li>
      </ul>
    </nav>
  );
}

import Link from 'next/link';
import { ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';

export type AccountSection = 'menu' | 'profile' | 'order-history' | 'rewards' | 'saved-payments';

const ENTRIES = [
  { section: 'profile', label: 'Personal info', href: '/my-account/profile' },
  { section: 'order-history', label: 'Order History', href: '/my-account/order-history' },
] as const;

const REWARDS = { section: 'rewards', label: 'Rewards', href: '/my-account/rewards' } as const;

const entryClass =
  'flex min-h-12 w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left font-semibold';

/**
 * The account menu: Personal info, Order History, Rewards (the points balance and history, where the brand has a
 * loyalty program), Saved Payments and Logout (the session feature's dialog, passed in by the page). Saved
 * Payments is there only while the 'enable saved payments' flag is on (the menu is for signed-in customers only),
 * and then greyed, with no target (checkout-account section 2, word for word: 'only if logged in and saved
 * payments enabled; greyed, no target'); its page is /my-account/saved-payments.
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
  const entries = [...ENTRIES, ...(rewards ? [REWARDS] : [])];
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
        {savedPayments ? (
          <li>
            <span
              role="link"
              aria-disabled="true"
              aria-current={active === 'saved-payments' ? 'page' : undefined}
              className={cn(entryClass, 'cursor-not-allowed text-gray-600')}
            >
              Saved Payments
            </span>
          </li>
        ) : null}
        <li>{logout}</li>
      </ul>
    </nav>
  );
}

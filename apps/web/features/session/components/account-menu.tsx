'use client';

import { useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { DropdownMenu } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useFocusHandoff } from '@/components/ui/focus-handoff';
import { ACCOUNT_MENU_FOCUS } from '../header-focus';
import { LOGOUT_RETURN_PATH } from '../logout-return';

// Loaded when the customer chooses Logout: the dialog's account messages live in a contracts module with the
// account schemas, which would bring zod into the first load of every page with this header entry (and, chunked
// with it, of the guest's 'Sign in' too).
const LogoutDialog = dynamic(() => import('./logout-dialog').then((m) => m.LogoutDialog), { ssr: false });

const STORE_PAGE = /^\/\d+\/(menu|catering)(\/|$)/;

/** Logout returns to the search page, except on a store page, which stays where it is. */
export function logoutReturnPath(pathname: string): string {
  return STORE_PAGE.test(pathname) ? pathname : LOGOUT_RETURN_PATH;
}

const ITEM_CLASS =
  'flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-gray-900 outline-none data-[highlighted]:bg-gray-100';

/** The signed-in header entry: 'Hi, {first name or User}' opening 'My account' and 'Logout'. */
export function AccountMenu({ greeting }: { greeting: string }) {
  const pathname = usePathname();
  const [logoutOpen, setLogoutOpen] = useState(false);
  // Once opened the dialog stays mounted, as before it was loaded on demand (a logout on its way keeps its state).
  const [logoutWanted, setLogoutWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useFocusHandoff(ACCOUNT_MENU_FOCUS, trigger);
  return (
    <>
      {/* Not modal: a modal menu hides the rest of the page from assistive technology (aria-hidden on everything
          else, its focus guards included), so the open menu failed axe's aria-hidden-focus, landmark-one-main,
          page-has-heading-one and region (issue 37). Escape, a click outside and Tab still close it. No portal:
          the open menu stays inside the header's landmark (in a portal at the body's end it was content outside
          any landmark). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={trigger}
          className="flex min-h-11 items-center gap-1 rounded-full px-4 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {greeting}
          <ChevronDown aria-hidden className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-40 min-w-44 rounded-xl bg-white p-1 shadow-lg ring-1 ring-black/10"
        >
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link href="/my-account">My account</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={ITEM_CLASS}
            onSelect={() => {
              setLogoutWanted(true);
              setLogoutOpen(true);
            }}
          >
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {logoutWanted ? (
        <LogoutDialog
          open={logoutOpen}
          onOpenChange={setLogoutOpen}
          returnPath={logoutReturnPath(pathname)}
        />
      ) : null}
    </>
  );
}

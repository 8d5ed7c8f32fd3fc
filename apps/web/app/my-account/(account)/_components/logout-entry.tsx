'use client';

import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { LogoutDialog } from '@/features/session/components/logout-dialog';

/** The account menu's Logout entry: the session feature's confirm dialog (back to /search-locations after). */
export function LogoutEntry() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex min-h-12 w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left font-semibold text-gray-900 hover:bg-gray-100"
      >
        Logout
        <LogOut aria-hidden className="size-5" />
      </button>
      <LogoutDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { hardNavigate } from '../hard-navigate';
import { storeHref, type MenuOrCatering } from '../store-route';

export const MENU_SWITCH_TEXT = {
  menu: { question: 'Do you need catering?', go: 'Go to Catering', target: 'catering' },
  catering: { question: 'Not interested in catering?', go: 'Go to Menu', target: 'menu' },
} as const satisfies Record<MenuOrCatering, { question: string; go: string; target: MenuOrCatering }>;

export const LOSE_ORDER_WARNING = 'You will lose your current order';

/**
 * The catering / main-menu switch (spec sections 2 and 4): the question opens a confirmation ('You will lose
 * your current order' when the order has items) with 'Go to Catering' or 'Go to Menu' and 'Stay Here'.
 * Going opens the other menu with a full page load: the proxy sees the store route's new client type, takes a
 * token of that type (106 catering, 107 web) and resets the order before the page renders.
 */
export function MenuSwitchPrompt({
  locationId,
  current,
  hasOrderItems,
  keepQuery = '',
}: {
  locationId: number;
  current: MenuOrCatering;
  hasOrderItems: boolean;
  /** '?fp=...' kept on the other menu's URL. */
  keepQuery?: string;
}) {
  const text = MENU_SWITCH_TEXT[current];
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const go = () => {
    setPending(true);
    hardNavigate(storeHref(locationId, text.target) + keepQuery);
  };
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="text-sm font-semibold text-gray-900 underline underline-offset-4"
      >
        {text.question}
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => (pending ? undefined : setOpen(next))}
        title={text.question}
        description={hasOrderItems ? LOSE_ORDER_WARNING : undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              Stay Here
            </Button>
            <Button onClick={go} loading={pending}>
              {text.go}
            </Button>
          </>
        }
      />
    </>
  );
}

'use client';

import { useEffect, useMemo, useState } from 'react';
import { Wallet } from 'lucide-react';
import type { WalletPaymentRequest, WalletSession } from '@storefront/contracts/payment-frames';
import { WALLET_COUNTRY_CODE, WALLET_CURRENCY_CODE } from '@storefront/contracts/payment-rules';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { usePaymentFlow } from '../payment-flow-context';
import { useWalletSheet } from '../use-wallet-sheet';
import { beginWalletSession } from '../wallet.actions';
import { sandboxWalletAdapter } from '../wallet-adapter';

/**
 * The wallet button (spec section 4, Virtual wallet). Pressing it hands the payment to the wallet (the flow
 * drops the pending card payment), adds the wallet payment and fetches its session first: a failure hides the
 * button for good (section 8) and the card comes back. Then the wallet's sheet opens; an approval's one-time
 * token places the order through the page's flow, a cancel goes back to the card as it was (nothing charged),
 * an error shows the processor's text. Any wallet plugs in through the contracts' WalletAdapter.
 */
export function WalletButton({ merchantName = '' }: { merchantName?: string }) {
  const flow = usePaymentFlow();
  const { session: shown, frameRef, showSheet, cancel } = useWalletSheet(flow.paymentOrigin);
  const adapter = useMemo(
    () => sandboxWalletAdapter({ beginSession: beginWalletSession, showSheet }),
    [showSheet],
  );
  const [available, setAvailable] = useState<boolean | null>(null);
  const [working, setWorking] = useState(false);
  const due = flow.dueCents;

  useEffect(() => {
    let live = true;
    void adapter.isAvailable().then(
      (yes) => live && setAvailable(yes),
      () => live && setAvailable(false),
    );
    return () => {
      live = false;
    };
  }, [adapter]);

  async function onPay() {
    if (due === null) return;
    const request: WalletPaymentRequest = {
      orderId: flow.orderId,
      amountCents: due,
      merchantName,
      countryCode: WALLET_COUNTRY_CODE,
      currencyCode: WALLET_CURRENCY_CODE,
    };
    const previous = flow.instrument;
    setWorking(true);
    try {
      await flow.selectInstrument({ kind: 'wallet' });
      let session: WalletSession;
      try {
        session = await adapter.beginSession(request);
      } catch {
        setAvailable(false);
        await flow.selectInstrument(previous);
        return;
      }
      const outcome = await adapter.present(session, request);
      if (outcome.status === 'approved') {
        await flow.place({ paymentToken: outcome.token }, { source: 'wallet' });
        return;
      }
      await flow.selectInstrument(previous);
      if (outcome.status === 'error') flow.fail(outcome.code, outcome.message);
    } finally {
      setWorking(false);
    }
  }

  if (!available || due === null || due === 0) return null;
  return (
    <>
      <Button
        block
        className="bg-black text-white hover:bg-gray-800"
        disabled={flow.busy || working}
        loading={working && !shown}
        onClick={() => void onPay()}
      >
        <Wallet aria-hidden className="size-5" />
        {adapter.label}
      </Button>
      {shown ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : cancel())}
          title="Wallet"
          description="Approve the payment in your wallet, or close it to go back."
        >
          <iframe
            ref={frameRef}
            src={shown.sheetUrl}
            title="Wallet payment sheet"
            className="h-[420px] w-full rounded-xl border border-gray-200 bg-white"
            referrerPolicy="no-referrer"
            allow="payment"
          />
        </Dialog>
      ) : null}
    </>
  );
}

import type {
  WalletAdapter,
  WalletOutcome,
  WalletPaymentRequest,
  WalletSession,
} from '@storefront/contracts/payment-frames';
import type { WalletSessionResult } from './wallet.actions';

/**
 * The sandbox wallet behind the contracts' WalletAdapter: the session comes from the API (through the
 * storefront's action), the sheet is the processor's page framed by the storefront (`showSheet`). Apple Pay or
 * Google Pay adapters replace this object; the button and the flow stay as they are.
 */
export function sandboxWalletAdapter(deps: {
  beginSession: () => Promise<WalletSessionResult>;
  showSheet: (session: WalletSession) => Promise<WalletOutcome>;
}): WalletAdapter {
  return {
    kind: 'sandbox',
    label: 'Pay with Wallet',
    isAvailable: () => Promise.resolve(true),
    async beginSession(request: WalletPaymentRequest) {
      void request;
      const result = await deps.beginSession();
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
    present(session: WalletSession) {
      return deps.showSheet(session);
    },
  };
}

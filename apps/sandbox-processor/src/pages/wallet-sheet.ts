/**
 * The sandbox wallet sheet: what Apple Pay's payment sheet is to a real wallet, served by the processor's
 * origin (like the hosted card page, under the same nonce-based CSP, framed only by the storefront). It
 * shows the merchant, the amount and the device's card, and speaks the wallet protocol of
 * contracts/payment-frames.ts with the window that opened or framed it:
 *   sheet -> storefront  walletReady, walletApproved (one-time token), walletCancelled, walletError
 * Approve and Cancel call the sheet's own same-origin routes with the session's secret (from the sheet's URL:
 * the session id alone approves or cancels nothing); the storefront never sees the card.
 */
import { escapeHtml } from './html';
import { embedJson, framePageHead } from './hosted-page';

export interface WalletSheetOptions {
  nonce: string;
  /** The storefront origin: the only window the sheet posts to. */
  parentOrigin: string;
  sessionId: string;
  /** The session's own secret, sent with Approve and Cancel. */
  secret: string;
  /** Same-origin URLs of the sheet's approve and cancel calls. */
  approveUrl: string;
  cancelUrl: string;
  /** Null when the session can no longer be paid (expired, used, cancelled, order gone). */
  payable: { merchantName: string; amountLabel: string; cardBrand: string; lastFour: string } | null;
  /** What the payer is told when `payable` is null. */
  unavailableText: string;
  /** Code posted with walletError when the session is not payable (10029 expired or used). */
  unavailableCode: number;
  sandbox: boolean;
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;padding:0;background:#fff;color:#1a1a1a;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{padding:16px;max-width:420px;margin:0 auto}
h1{font-size:1.1rem;margin:0 0 12px;font-weight:600}
dl{margin:0 0 16px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
dt{font-weight:600;color:#4a4a4a}
dd{margin:0;text-align:right}
.total{font-size:1.25rem;font-weight:700}
.card{display:flex;align-items:center;gap:12px;padding:12px;border:1px solid #6b6b6b;border-radius:8px;margin:0 0 16px}
.card .brand{font-weight:700;text-transform:uppercase;letter-spacing:.04em}
fieldset{border:1px dashed #8a5a00;border-radius:8px;margin:0 0 16px;padding:8px 12px}
legend{font-size:.85rem;font-weight:600;color:#6b4400;padding:0 4px}
.check{display:flex;align-items:center;gap:8px;min-height:44px}
.check input{width:20px;height:20px}
.actions{display:flex;flex-direction:column;gap:8px}
button{font:inherit;font-weight:600;min-height:48px;border-radius:8px;cursor:pointer;padding:10px 16px}
button:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
button:disabled{cursor:progress;opacity:.75}
.approve{color:#fff;background:#111;border:0}
.cancel{color:#1a1a1a;background:#fff;border:1px solid #6b6b6b}
.status{min-height:1.4em;margin:12px 0 0;font-size:.9rem}
.unavailable{padding:24px 8px;text-align:center}
`;

/** The sheet's script: posts to the opener (popup) or the parent (frame), only at the storefront's origin. */
const SCRIPT = `
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('wallet-config').textContent);
  var target = window.opener || (window.parent !== window ? window.parent : null);
  var statusEl = document.getElementById('sheet-status');
  var approveButton = document.getElementById('approve-button');
  var cancelButton = document.getElementById('cancel-button');
  var declineBox = document.getElementById('sandbox-decline');
  var done = false;

  function post(message) {
    message.sessionId = cfg.sessionId;
    if (target) target.postMessage(message, cfg.parentOrigin);
  }
  function fail(code, text) {
    done = true;
    statusEl.textContent = text;
    post({ type: 'walletError', response_code: code, response_text: text });
  }
  function call(url, body) {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify(body)
    }).then(function (res) {
      return res.json().then(
        function (json) { return { status: res.status, body: json || {} }; },
        function () { return { status: res.status, body: {} }; }
      );
    });
  }
  function errorOf(res) {
    var first = res.body.errors && res.body.errors[0];
    var code = first && typeof first.code === 'number' ? first.code : 500;
    var text = first && typeof first.message === 'string'
      ? first.message
      : 'The payment service is not available at this moment';
    return { code: code, text: text };
  }
  function setBusy(value) {
    if (approveButton) approveButton.disabled = value;
    if (cancelButton) cancelButton.disabled = value;
  }

  if (!cfg.payable) {
    fail(cfg.unavailableCode, cfg.unavailableText);
    return;
  }

  approveButton.addEventListener('click', function () {
    if (done) return;
    setBusy(true);
    statusEl.textContent = 'Processing...';
    call(cfg.approveUrl, { secret: cfg.secret, simulateDecline: Boolean(declineBox && declineBox.checked) })
      .then(function (res) {
        if (res.status === 200 && res.body.value && res.body.value.one_time_token) {
          var v = res.body.value;
          done = true;
          statusEl.textContent = 'Payment approved';
          post({
            type: 'walletApproved',
            one_time_token: v.one_time_token,
            card_brand: v.card_brand,
            last_four: v.last_four
          });
          return;
        }
        var error = errorOf(res);
        fail(error.code, error.text);
      })
      .catch(function () {
        fail(500, 'The payment service is not available at this moment');
      });
  });

  function cancel() {
    if (done) return;
    done = true;
    setBusy(true);
    // The payer leaves whatever the processor answers: the storefront hears 'cancelled' either way.
    function finish() {
      statusEl.textContent = 'Payment cancelled';
      post({ type: 'walletCancelled' });
    }
    call(cfg.cancelUrl, { secret: cfg.secret }).then(finish, finish);
  }
  cancelButton.addEventListener('click', cancel);
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') cancel();
  });

  post({ type: 'walletReady' });
  approveButton.focus();
})();
`;

/** The wallet sheet for one session (or the page saying it is no longer available). */
export function renderWalletSheet(options: WalletSheetOptions): string {
  const nonce = escapeHtml(options.nonce);
  const config = embedJson({
    parentOrigin: options.parentOrigin,
    sessionId: options.sessionId,
    secret: options.secret,
    approveUrl: options.approveUrl,
    cancelUrl: options.cancelUrl,
    payable: options.payable !== null,
    unavailableText: options.unavailableText,
    unavailableCode: options.unavailableCode,
  });
  const head = framePageHead('Wallet payment', nonce, STYLE);
  const scripts = `<script type="application/json" id="wallet-config" nonce="${nonce}">${config}</script>
<script nonce="${nonce}">${SCRIPT}</script>`;
  const payable = options.payable;
  if (payable === null) {
    return `${head}
<body>
<main class="unavailable">
<h1>${escapeHtml(options.unavailableText)}</h1>
<p>Go back to the payment page to start again.</p>
<p id="sheet-status" class="status" role="status"></p>
</main>
${scripts}
</body>
</html>`;
  }
  const sandbox = options.sandbox
    ? `<fieldset>
<legend>Sandbox testing only</legend>
<div class="check">
<input id="sandbox-decline" type="checkbox" aria-describedby="sandbox-decline-hint">
<label for="sandbox-decline">Decline this payment</label>
</div>
<p id="sandbox-decline-hint" class="status">Pays with the sandbox card that declines (ending in 0002): the order is then refused as not authorized.</p>
</fieldset>`
    : '';
  return `${head}
<body>
<main aria-labelledby="sheet-title">
<h1 id="sheet-title">${options.sandbox ? 'Sandbox Wallet' : 'Wallet'}</h1>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(payable.merchantName)}</dd>
<dt>Total</dt><dd class="total">${escapeHtml(payable.amountLabel)}</dd>
</dl>
<div class="card" role="group" aria-label="Card">
<span class="brand">${escapeHtml(payable.cardBrand)}</span>
<span>ending in ${escapeHtml(payable.lastFour)}</span>
</div>
${sandbox}
<div class="actions">
<button id="approve-button" class="approve" type="button">Pay ${escapeHtml(payable.amountLabel)}</button>
<button id="cancel-button" class="cancel" type="button">Cancel</button>
</div>
<p id="sheet-status" class="status" role="status"></p>
</main>
${scripts}
</body>
</html>`;
}

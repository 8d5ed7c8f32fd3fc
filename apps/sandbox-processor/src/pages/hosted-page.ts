/**
 * The sandbox processor's hosted payment page: a self-contained HTML document with inline CSS and JS under
 * a nonce-based CSP. One card form, its checks and its tokenisation call are shared; the page then speaks the
 * protocol of the payment's processor with its parent:
 *   Aurus (contracts/payments.ts): the parent's 'Process Transaction' drives it.
 *     frame -> parent  {type:'frameReady'}, {type:'enablePlaceOrder', value}, {type:'tokenResponse', ...}
 *     parent -> frame  {type:'tokenRequest', requestId?}
 *   Express (contracts/payment-frames.ts): the frame's own 'Pay' button drives it.
 *     frame -> parent  {HostedPaymentStatus:'Ready'}, {HostedPaymentStatus:'Complete', PaymentToken, ...},
 *                      {HostedPaymentStatus:'Error', ExpressResponseCode, ExpressResponseMessage}
 *     parent -> frame  {type:'reset', message?} after a decline at placement
 * Both directions check the origin: messages are only accepted from, and only posted to, the storefront.
 * The card checks repeat contracts' isLuhnValid / isExpiryValid / isCvvValid in plain browser JS.
 */

import { escapeHtml } from './html';

export interface HostedPageOptions {
  nonce: string;
  /** The storefront origin (the only parent allowed). */
  parentOrigin: string;
  /** Same-origin URL the frame POSTs the card to (with the page's signed parameters). */
  tokenUrl: string;
  /** Amount shown to the payer, e.g. '$12.50'; null when the session is not payable. */
  amountLabel: string | null;
  sandbox: boolean;
  /** The protocol the page speaks with its parent: the payment's processor decides. */
  protocol: HostedPageProtocol;
}

export type HostedPageProtocol = 'aurus' | 'express';

/** The protocol of a payment's processor code: Express for 'EXPRESS', the Aurus frame otherwise. */
export function hostedPageProtocolOf(processorCode: string | null): HostedPageProtocol {
  return processorCode === 'EXPRESS' ? 'express' : 'aurus';
}

/** Content-Security-Policy of the page: only its own nonce'd script and style, only framed by the storefront. */
export function hostedPageCsp(nonce: string, parentOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${parentOrigin}`,
  ].join('; ');
}

/** JSON safe to embed in a <script type="application/json"> block. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The storefront shows this page in a frame of fixed height (checkout spec section 9: 420 px on a desktop,
 * 590 px on a phone), so the page is laid out for its frame rather than leaving a tall empty area under the
 * fields: one field per line, each input as wide as what it takes (card number, MM/YY, 3-4 digits), the
 * sandbox's test cards and the status line at the bottom. A tall frame (a phone's) has larger type and touch
 * targets and lists every test card; a short one (a desktop's), or one with its own Pay button (Express),
 * says the two that matter on one or two lines.
 */
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html,body{height:100%;margin:0;padding:0}
body{display:flex;flex-direction:column;background:#fff;color:#1a1a1a;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{flex:1;display:flex;flex-direction:column;width:100%;max-width:560px;margin:0 auto;padding:14px 16px}
h1{font-size:1rem;line-height:1.3;margin:0 0 12px;font-weight:600}
form{flex:1;display:flex;flex-direction:column}
.field{margin:0 0 10px}
label{display:block;font-weight:600;font-size:.95rem;margin:0 0 4px}
input{display:block;width:100%;padding:11px 12px;font:inherit;color:#1a1a1a;background:#fff;border:1px solid #6b6b6b;border-radius:6px}
#card-number{max-width:22rem}
#card-expiry{max-width:9rem}
#card-cvv{max-width:7rem}
input:focus{outline:3px solid #1a56db;outline-offset:1px}
input[aria-invalid="true"]{border-color:#b00020}
.error{min-height:1.2em;margin:4px 0 0;font-size:.85rem;color:#b00020}
.foot{margin-top:auto;padding-top:8px}
.hint{font-size:.8rem;color:#4a4a4a}
.hint p{margin:0}
.hint ul{margin:2px 0;padding:0 0 0 1.1em}
.hint .tall{display:none}
.status{font-size:.9rem;margin:4px 0 0;color:#1a1a1a}
.status:empty{margin:0}
.expired{padding:24px 8px;text-align:center}
.pay{display:block;width:100%;margin:0 0 8px;padding:12px 16px;font:inherit;font-weight:600;color:#fff;background:#1a56db;border:0;border-radius:6px;cursor:pointer;min-height:48px}
.pay:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
.pay:disabled{background:#5a6b8c;cursor:progress}
/* With its own Pay button (Express) a short frame is short of room: expiry and security code share a line. */
@media (max-height:519px){
  .has-pay .pair{display:flex;gap:16px}
  .has-pay .field{margin-bottom:14px}
  .has-pay input{padding:14px 12px}
}
@media (min-height:520px){
  main{padding:20px 16px}
  h1{font-size:1.125rem;margin-bottom:20px}
  label{font-size:1rem;margin-bottom:6px}
  input{padding:16px 12px}
  .field{margin-bottom:18px}
  .hint .short{display:none}
  .hint .tall{display:block}
  /* The Pay button takes the room of the list: the two cards that matter, as on a desktop. */
  .has-pay .hint .short{display:block}
  .has-pay .hint .tall{display:none}
}
`;

/**
 * The card form shared by both protocols: field checks, inline errors and the same-origin tokenisation call.
 * The protocol part that follows it defines onFieldsChanged() (hoisted within the one function).
 */
const CARD_FORM_SCRIPT = `
  var cfg = JSON.parse(document.getElementById('hosted-config').textContent);
  var form = document.getElementById('card-form');
  var statusEl = document.getElementById('frame-status');
  var fields = {
    cardNumber: document.getElementById('card-number'),
    expiry: document.getElementById('card-expiry'),
    cvv: document.getElementById('card-cvv')
  };
  var touched = { cardNumber: false, expiry: false, cvv: false };

  function digits(v) { return v.replace(/[\\s-]/g, ''); }
  function luhn(v) {
    var d = digits(v);
    if (!/^\\d{12,19}$/.test(d)) return false;
    var sum = 0;
    for (var i = 0; i < d.length; i += 1) {
      var n = Number(d.charAt(d.length - 1 - i));
      if (i % 2 === 1) { n *= 2; if (n > 9) n -= 9; }
      sum += n;
    }
    return sum % 10 === 0;
  }
  function expiryOk(v) {
    var m = /^\\s*(\\d{2})\\s*\\/\\s*(\\d{2}|\\d{4})\\s*$/.exec(v);
    if (!m) return false;
    var month = Number(m[1]);
    var year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    if (month < 1 || month > 12) return false;
    var now = new Date();
    return year * 12 + (month - 1) >= now.getFullYear() * 12 + now.getMonth();
  }
  function cvvOk(v) { return /^\\d{3,4}$/.test(v.trim()); }

  var rules = {
    cardNumber: function (v) {
      if (!v.trim()) return 'Please enter your card number';
      return luhn(v) ? '' : 'Please enter a valid card number';
    },
    expiry: function (v) {
      if (!v.trim()) return 'Please enter the expiry date';
      return expiryOk(v) ? '' : 'Please enter a valid expiry date (MM/YY)';
    },
    cvv: function (v) {
      if (!v.trim()) return 'Please enter the security code';
      return cvvOk(v) ? '' : 'Please enter a valid security code (3 or 4 digits)';
    }
  };

  function errorOf(name) { return rules[name](fields[name].value); }
  function allValid() {
    return !errorOf('cardNumber') && !errorOf('expiry') && !errorOf('cvv');
  }
  function show(name) {
    var message = touched[name] ? errorOf(name) : '';
    var input = fields[name];
    document.getElementById(input.id + '-error').textContent = message;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
  }
  function touchAll() {
    Object.keys(fields).forEach(function (name) { touched[name] = true; show(name); });
  }
  function post(message) {
    if (window.parent && window.parent !== window) window.parent.postMessage(message, cfg.parentOrigin);
  }
  function fromParent(event) {
    return event.origin === cfg.parentOrigin && event.source === window.parent;
  }
  /** Resolves with the processor's answer: response_code 0 and a one-time token, or a code > 0 and its text. */
  function tokenise() {
    return fetch(cfg.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({
        cardNumber: digits(fields.cardNumber.value),
        expiry: fields.expiry.value.trim(),
        cvv: fields.cvv.value.trim()
      })
    })
      .then(function (res) {
        return res.json().then(function (body) { return { status: res.status, body: body }; });
      })
      .then(function (res) {
        var body = res.body || {};
        if (body.value && typeof body.value.response_code === 'number') return body.value;
        if (res.status === 404) {
          return { response_code: 10029, response_text: 'The transaction was rejected and your order expired.' };
        }
        if (res.status < 500) return { response_code: 1, response_text: 'Please review the card details' };
        return { response_code: 500, response_text: 'The payment service is not available at this moment' };
      })
      .catch(function () {
        return { response_code: 500, response_text: 'The payment service is not available at this moment' };
      });
  }

  Object.keys(fields).forEach(function (name) {
    var input = fields[name];
    input.addEventListener('input', function (event) {
      if (name === 'expiry' && event.inputType !== 'deleteContentBackward' && /^\\d{2}$/.test(input.value)) {
        input.value = input.value + '/';
      }
      if (touched[name]) show(name);
      onFieldsChanged();
    });
    input.addEventListener('blur', function () {
      if (input.value) touched[name] = true;
      show(name);
    });
  });
`;

/** Aurus: the parent asks for the token ('Process Transaction'), enabled by the frame's enablePlaceOrder. */
const AURUS_SCRIPT = `
  var lastEnabled = null;
  var busy = false;

  function onFieldsChanged() { report(); }
  function report() {
    var enabled = allValid();
    if (enabled !== lastEnabled) {
      lastEnabled = enabled;
      post({ type: 'enablePlaceOrder', value: enabled });
    }
  }
  function reply(requestId, answer) {
    var message = {
      type: 'tokenResponse',
      response_code: answer.response_code,
      response_text: answer.response_text,
      one_time_token: answer.one_time_token || null,
      card_brand: answer.card_brand || null,
      last_four: answer.last_four || null
    };
    if (requestId) message.requestId = requestId;
    post(message);
  }

  form.addEventListener('submit', function (event) { event.preventDefault(); });

  window.addEventListener('message', function (event) {
    if (event.origin !== cfg.parentOrigin || event.source !== window.parent) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'tokenRequest') return;
    var requestId = typeof data.requestId === 'string' ? data.requestId.slice(0, 64) : undefined;
    touchAll();
    if (!allValid()) {
      reply(requestId, { response_code: 1, response_text: 'Please review the card details' });
      return;
    }
    if (busy) return;
    busy = true;
    statusEl.textContent = 'Processing card...';
    tokenise().then(function (answer) {
      reply(requestId, answer);
      busy = false;
      statusEl.textContent = '';
    });
  });

  post({ type: 'frameReady' });
  report();
`;

/**
 * Express: the frame's own 'Pay' button tokenises and reports HostedPaymentStatus Complete with the token.
 * Card problems stay inside the frame; an expired session or an outage is reported as Error. After a decline
 * at placement the parent posts 'reset' and the guest can pay with another card.
 */
const EXPRESS_SCRIPT = `
  var busy = false;
  var payButton = document.getElementById('pay-button');

  function onFieldsChanged() {
    if (!busy) statusEl.textContent = '';
  }
  function setBusy(value) {
    busy = value;
    payButton.disabled = value;
    payButton.setAttribute('aria-disabled', value ? 'true' : 'false');
  }
  // The button is served disabled: a press before this script runs would be lost (the frame's CSP allows no
  // plain form post), so it becomes pressable only now.
  setBusy(false);

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy) return;
    touchAll();
    if (!allValid()) {
      var first = ['cardNumber', 'expiry', 'cvv'].filter(function (name) { return errorOf(name); })[0];
      if (first) fields[first].focus();
      return;
    }
    setBusy(true);
    statusEl.textContent = 'Processing card...';
    tokenise().then(function (answer) {
      if (answer.response_code === 0 && answer.one_time_token) {
        statusEl.textContent = 'Card accepted. Placing your order...';
        post({
          HostedPaymentStatus: 'Complete',
          PaymentToken: answer.one_time_token,
          CardLogo: answer.card_brand || 'card',
          LastFour: answer.last_four || ''
        });
        return;
      }
      statusEl.textContent = answer.response_text;
      if (answer.response_code === 500 || answer.response_code === 10029) {
        post({
          HostedPaymentStatus: 'Error',
          ExpressResponseCode: answer.response_code,
          ExpressResponseMessage: answer.response_text
        });
      }
      // An expired session cannot take another card; anything else can be corrected and sent again.
      setBusy(answer.response_code === 10029);
    });
  });

  window.addEventListener('message', function (event) {
    if (!fromParent(event)) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'reset') return;
    Object.keys(fields).forEach(function (name) {
      fields[name].value = '';
      touched[name] = false;
      show(name);
    });
    statusEl.textContent = typeof data.message === 'string' ? data.message.slice(0, 500) : '';
    setBusy(false);
    fields.cardNumber.focus();
  });

  post({ HostedPaymentStatus: 'Ready' });
`;

function pageScript(protocol: HostedPageProtocol): string {
  const part = protocol === 'express' ? EXPRESS_SCRIPT : AURUS_SCRIPT;
  return `
(function () {
  'use strict';
${CARD_FORM_SCRIPT}
${part}
})();
`;
}

/**
 * The start of a processor page (this card page, the wallet sheet) up to its body: `title`, and `style` under
 * the page's script nonce (already escaped); no referrer leaves the frame.
 */
export function framePageHead(title: string, nonce: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style nonce="${nonce}">${style}</style>
</head>`;
}

/** The sandbox's test cards (DESIGN.md), all of them in a tall frame, the two that matter most in a short one. */
const SANDBOX_HINT = `<div class="hint">
<p class="short">Sandbox: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines; any future date and any 3 digits.</p>
<div class="tall">
<p>Sandbox test cards, with any future date and any 3 digits:</p>
<ul>
<li>4242 4242 4242 4242 approves</li>
<li>4000 0000 0000 0002 declines</li>
<li>4000 0000 0000 9995 has insufficient funds</li>
<li>4000 0000 0000 0119 fails to process</li>
</ul>
</div>
</div>
`;

/** The hosted payment page for a payable session. */
export function renderHostedPage(options: HostedPageOptions): string {
  const nonce = escapeHtml(options.nonce);
  const head = framePageHead('Secure card payment', nonce, STYLE);
  if (options.amountLabel === null) {
    return `${head}
<body>
<main class="expired">
<h1>This payment session is no longer available.</h1>
<p>Go back to checkout to start the payment again.</p>
</main>
</body>
</html>`;
  }
  const config = embedJson({ parentOrigin: options.parentOrigin, tokenUrl: options.tokenUrl });
  const payButton =
    options.protocol === 'express'
      ? `<button id="pay-button" type="submit" class="pay" disabled aria-disabled="true">Pay ${escapeHtml(options.amountLabel)}</button>\n`
      : '';
  const hint = options.sandbox ? SANDBOX_HINT : '';
  return `${head}
<body>
<main${options.protocol === 'express' ? ' class="has-pay"' : ''}>
<h1>Card details <span class="amount">(${escapeHtml(options.amountLabel)})</span></h1>
<form id="card-form" novalidate aria-label="Card details">
<div class="field">
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 1234 1234 1234" aria-describedby="card-number-error" aria-invalid="false" aria-required="true" required>
<p id="card-number-error" class="error" aria-live="polite"></p>
</div>
<div class="pair">
<div class="field">
<label for="card-expiry">Expiry date (MM/YY)</label>
<input id="card-expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY" aria-describedby="card-expiry-error" aria-invalid="false" aria-required="true" required>
<p id="card-expiry-error" class="error" aria-live="polite"></p>
</div>
<div class="field">
<label for="card-cvv">Security code (CVV)</label>
<input id="card-cvv" name="cvv" type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123" aria-describedby="card-cvv-error" aria-invalid="false" aria-required="true" required>
<p id="card-cvv-error" class="error" aria-live="polite"></p>
</div>
</div>
<div class="foot">
${payButton}${hint}<p id="frame-status" class="status" role="status"></p>
</div>
</form>
</main>
<script type="application/json" id="hosted-config" nonce="${nonce}">${config}</script>
<script nonce="${nonce}">${pageScript(options.protocol)}</script>
</body>
</html>`;
}

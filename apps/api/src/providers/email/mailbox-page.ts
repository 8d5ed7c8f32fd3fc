/**
 * The development mailbox as an HTML page: every e-mail and text the API wrote, newest first, with its links
 * clickable.
 * No script at all, and its one stylesheet allowed by hash, so the page works under a CSP of 'none' otherwise.
 */
import { createHash } from 'node:crypto';
import type { MailboxMessage } from './outbox';
import { escapeHtml } from '../../lib/html';

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; color: #1a1a1a; }
h1 { font-size: 1.5rem; }
form { display: flex; gap: .5rem; align-items: end; flex-wrap: wrap; margin-bottom: 1rem; }
label { display: flex; flex-direction: column; font-weight: 600; }
input { font: inherit; padding: .4rem; min-width: 18rem; }
button, .reset { font: inherit; padding: .4rem .8rem; }
ol { list-style: none; padding: 0; }
li { border: 1px solid #767676; border-radius: .5rem; padding: .75rem 1rem; margin-bottom: 1rem; }
h2 { font-size: 1.125rem; margin: 0 0 .25rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 .75rem; margin: 0 0 .5rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; background: #f4f4f4; padding: .5rem; margin: 0; }
a { color: #0645ad; }
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The page's policy: nothing but its own stylesheet, and the filter form sent to itself. */
export const MAILBOX_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The text with every http(s) address turned into a link (nothing else becomes markup). */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    // A sentence's full stop or closing bracket after an address is not part of it.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const formatTime = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function renderMessage(message: MailboxMessage): string {
  const status = message.sentAt
    ? `sent ${formatTime(message.sentAt)} via ${escapeHtml(message.sentVia ?? '')}`
    : 'waiting to be sent';
  const kind = message.channel === 'sms' ? 'Text message' : 'E-mail';
  return `<li><article aria-labelledby="m${message.id}" data-channel="${escapeHtml(message.channel)}">
<h2 id="m${message.id}">${escapeHtml(message.subject)}</h2>
<dl>
<dt>Kind</dt><dd>${kind}</dd>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Time</dt><dd><time datetime="${message.createdAt.toISOString()}">${formatTime(message.createdAt)}</time></dd>
<dt>Status</dt><dd>${status}</dd>
</dl>
<pre>${linkify(message.text)}</pre>
</article></li>`;
}

export function renderMailboxPage(messages: MailboxMessage[], to: string | undefined): string {
  const count = `${messages.length} ${messages.length === 1 ? 'message' : 'messages'}`;
  const heading = to ? `${count} to ${escapeHtml(to)}` : count;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Mailbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Mailbox</h1>
<p>E-mail and text messages written by this development API, newest first. They are not sent anywhere else.</p>
<form method="get" action="/mailbox" role="search">
<label for="to">Recipient (e-mail address or phone, +1...)<input id="to" name="to" type="text" value="${escapeHtml(to ?? '')}" autocomplete="off"></label>
<button type="submit">Filter</button>
${to ? '<a class="reset" href="/mailbox">Show all</a>' : ''}
</form>
<p aria-live="polite">${heading}</p>
${messages.length ? `<ol>\n${messages.map(renderMessage).join('\n')}\n</ol>` : '<p>No messages yet.</p>'}
</main>
</body>
</html>
`;
}

import { formatMoney } from '@links/shared/money';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { PaymentIntent } from './payment-provider.ts';

// The sandbox's stand-in for a bank's 3-D Secure page. The site's CSP allows styles and scripts from 'self' only,
// so the page has no inline script or style: its stylesheet is served at SANDBOX_3DS_STYLESHEET_PATH.

export const SANDBOX_3DS_STYLESHEET_PATH = '/sandbox/3ds.css';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${SANDBOX_3DS_STYLESHEET_PATH}">
</head>
<body>
<main class="card" aria-labelledby="title">
<p class="badge" role="note"><strong>TEST MODE</strong> · no real card is charged</p>
${body}
</main>
</body>
</html>
`;
}

export function renderChallengePage(intent: PaymentIntent, token: string, merchant: string): string {
  const action = `/sandbox/3ds/${encodeURIComponent(intent.id)}`;
  return page(
    'Authenticate your payment (test mode)',
    `<h1 id="title">Authenticate your payment</h1>
<p>This is the sandbox's 3-D Secure test page. A real bank would ask you to confirm this payment in its app or with a code.</p>
<dl class="summary">
<div><dt>Merchant</dt><dd>${escapeHtml(merchant)}</dd></div>
<div><dt>Amount</dt><dd>${escapeHtml(formatMoney(intent.amount))}</dd></div>
<div><dt>Reference</dt><dd><code>${escapeHtml(intent.id)}</code></dd></div>
</dl>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<div class="actions">
<button type="submit" name="outcome" value="complete" class="primary">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button>
</div>
</form>`,
  );
}

export function renderInvalidChallengePage(): string {
  return page(
    'Authentication link no longer valid (test mode)',
    `<h1 id="title">This authentication link is no longer valid</h1>
<p>It has already been used or has expired. Go back to the payment page and try your payment again.</p>`,
  );
}

export const SANDBOX_3DS_STYLESHEET = `:root{color-scheme:light;--green:#0f2e22;--green-700:#1d5240;--sand:#fbf8f2;--sand-200:#ebe1cb;--ink:#17211c;--ink-600:#4d5b55;--warn-bg:#fcf2dc;--warn-border:#e0bd6c;--warn-ink:#6b4600}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:var(--sand);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.card{width:100%;max-width:440px;background:#fff;border:1px solid var(--sand-200);border-radius:12px;padding:28px;box-shadow:0 8px 24px rgba(15,46,34,.08)}
.badge{margin:0 0 20px;padding:8px 12px;border:1px solid var(--warn-border);border-radius:8px;background:var(--warn-bg);color:var(--warn-ink);font-size:14px}
h1{margin:0 0 12px;font:600 24px/1.25 Georgia,"Times New Roman",serif;color:var(--green)}
p{margin:0 0 16px;color:var(--ink-600)}
.summary{margin:0 0 24px;padding:12px 16px;border-radius:8px;background:var(--sand)}
.summary div{display:flex;justify-content:space-between;gap:16px;padding:4px 0}
dt{flex:none;color:var(--ink-600)}
dd{margin:0;min-width:0;font-weight:600;text-align:right}
dd code{font-size:14px;overflow-wrap:anywhere}
.actions{display:grid;gap:12px}
button{font:inherit;font-weight:600;padding:12px 16px;border-radius:8px;cursor:pointer;border:2px solid var(--green-700)}
.primary{background:var(--green-700);color:#fff}
.secondary{background:#fff;color:var(--green-700)}
button:hover{filter:brightness(1.08)}
button:focus-visible{outline:3px solid #c9a758;outline-offset:2px}
`;

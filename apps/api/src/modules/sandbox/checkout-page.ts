const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);

/**
 * The sandbox vendor's hosted checkout: plain HTML forms (no script, styles from a file), so it
 * runs under the app's CSP like a real gateway's page would on its own domain.
 */
export function checkoutPage(checkout: {
  reference: string;
  amount: string;
  email: string;
  status: string;
}): string {
  const reference = encodeURIComponent(checkout.reference);
  const settled = checkout.status !== 'pending';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout · ${escapeHtml(checkout.amount)}</title>
<link rel="stylesheet" href="/v1/sandbox/checkout.css">
</head>
<body>
<main class="card">
  <p class="badge">Sandbox payment page</p>
  <h1>Pay ${escapeHtml(checkout.amount)}</h1>
  <p class="muted">${escapeHtml(checkout.email)}</p>
  <dl>
    <dt>Reference</dt><dd>${escapeHtml(checkout.reference)}</dd>
    <dt>Card</dt><dd>Sandbox Visa •••• 4081</dd>
  </dl>
  ${settled ? `<p class="notice">This checkout is already ${escapeHtml(checkout.status)}.</p>` : ''}
  <form method="post" action="/v1/sandbox/checkout/${reference}/pay">
    <button type="submit" class="pay"${settled ? ' disabled' : ''}>Pay ${escapeHtml(checkout.amount)}</button>
  </form>
  <form method="post" action="/v1/sandbox/checkout/${reference}/fail">
    <button type="submit" class="fail"${settled ? ' disabled' : ''}>Fail payment</button>
  </form>
  <p class="muted small">No real card is charged. Pay succeeds; Fail declines the card as a bank would.</p>
</main>
</body>
</html>`;
}

/*
 * The grid's one column may shrink below its content (minmax(0,1fr)), and long words (an email
 * address, a reference) wrap anywhere: otherwise they widen the card past a 375 px phone.
 */
export const checkoutStylesheet = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;grid-template-columns:minmax(0,1fr);
  place-items:center;background:#eef2ff;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;padding:16px}
.card{width:100%;max-width:420px;min-width:0;background:#fff;border-radius:16px;padding:28px;
  box-shadow:0 10px 30px rgba(15,23,42,.12);overflow-wrap:anywhere}
@media (max-width:400px){.card{padding:20px}h1{font-size:24px}}
.badge{display:inline-block;margin:0 0 12px;padding:2px 10px;border-radius:999px;background:#fef3c7;
  color:#92400e;font-size:12px;font-weight:600;letter-spacing:.02em;text-transform:uppercase}
h1{margin:0 0 4px;font-size:28px}
.muted{color:#64748b;margin:0 0 16px}
.small{font-size:13px;margin-top:16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 20px;font-size:14px}
dt{color:#64748b}dd{margin:0;min-width:0;word-break:break-all}
form{margin:0 0 10px}
button{width:100%;border:0;border-radius:12px;padding:14px;font-size:16px;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
button:disabled{opacity:.5;cursor:not-allowed}
.pay{background:#1d4ed8;color:#fff}
.fail{background:#fff;color:#b91c1c;border:1px solid #fecaca}
.notice{background:#f1f5f9;border-radius:8px;padding:10px 12px;font-size:14px}
`;

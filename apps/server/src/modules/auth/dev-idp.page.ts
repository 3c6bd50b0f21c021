type Account = { subject: string; name: string; email: string };

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The development provider's sign-in page: pick a demo account or create one. */
export function renderDevIdpPage(input: {
  uid: string;
  accounts: Account[];
  productName: string;
  error: string | null;
}): string {
  const base = `/dev-idp/interaction/${encodeURIComponent(input.uid)}`;
  const accounts = input.accounts
    .map(
      (a) => `<li><form method="post" action="${base}/login">
  <input type="hidden" name="subject" value="${escape(a.subject)}">
  <button type="submit" class="account"><span class="name">${escape(a.name)}</span><span class="email">${escape(a.email)}</span></button>
</form></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in · ${escape(input.productName)}</title>
<link rel="stylesheet" href="/dev-idp/style.css"></head>
<body><main>
<p class="badge">Development sign-in provider</p>
<h1>Choose an account</h1>
<p class="lead">This stands in for Google while no Google client is configured. It is never mounted in production.</p>
${input.error ? `<p class="error" role="alert">${escape(input.error)}</p>` : ''}
${accounts ? `<ul class="accounts">${accounts}</ul>` : ''}
<h2>Or create an account</h2>
<form method="post" action="${base}/login" class="create">
  <label>Name <input name="name" autocomplete="name" required minlength="2" maxlength="50"></label>
  <label>E-mail <input name="email" type="email" autocomplete="email" required></label>
  <button type="submit" class="primary">Create and continue</button>
</form>
<form method="post" action="${base}/abort"><button type="submit" class="link">Cancel</button></form>
</main></body></html>`;
}

export const DEV_IDP_CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; background: Canvas; color: CanvasText; }
main { max-width: 420px; margin: 0 auto; padding: 24px 16px 48px; }
h1 { font-size: 1.5rem; margin: 8px 0; } h2 { font-size: 1.1rem; margin-top: 28px; }
.badge { display: inline-block; background: #e91e63; color: #fff; border-radius: 999px; padding: 4px 10px; font-size: .8rem; }
.lead { opacity: .75; }
.error { background: #fdecea; color: #8a1c12; padding: 10px 12px; border-radius: 8px; }
ul.accounts { list-style: none; padding: 0; margin: 0; display: grid; gap: 8px; }
button { font: inherit; min-height: 44px; cursor: pointer; }
.account { width: 100%; text-align: left; display: flex; flex-direction: column; padding: 10px 14px; border-radius: 12px; border: 1px solid #8884; background: transparent; color: inherit; }
.account .email { opacity: .7; font-size: .9rem; }
.create { display: grid; gap: 12px; }
label { display: grid; gap: 4px; font-weight: 600; }
input { font: inherit; font-size: 16px; padding: 10px 12px; border-radius: 10px; border: 1px solid #8886; min-height: 44px; box-sizing: border-box; }
.primary { background: #e91e63; color: #fff; border: 0; border-radius: 12px; padding: 10px 16px; font-weight: 600; }
.link { background: none; border: 0; color: #e91e63; margin-top: 16px; padding: 0; }
`;

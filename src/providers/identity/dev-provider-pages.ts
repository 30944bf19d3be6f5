// The HTML pages of the development identity provider: user choice, sign-out
// confirmation and messages. Server-rendered, every value escaped, no script and no remote
// resource, so the pages work offline and under a `default-src 'none'` policy.

export interface DevLoginChoice {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface DevLoginPageInput {
  /** Where the form posts: the interaction URL under the issuer path. */
  action: string;
  users: DevLoginChoice[];
  /** Shown above the form, e.g. for an unknown user id. */
  error?: string;
  /** The user id that was submitted, pre-selected when it is listed. */
  selected?: string;
}

/** The form field that carries the chosen user id. */
export const userIdField = 'userId';

/** Sent with every page of the provider; inline styles are the only thing they need. */
export const pageSecurityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export function renderDevLoginPage(input: DevLoginPageInput): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const form =
    input.users.length === 0
      ? '<p class="error">There is no user to sign in as: the user table is empty (was the demo data disabled with SEED=none?).</p>'
      : `<form method="post" action="${escapeHtml(input.action)}">
  <fieldset>
    <legend>Choose a user</legend>
${input.users.map((user, index) => renderChoice(user, input.selected ? user.id === input.selected : index === 0)).join('\n')}
  </fieldset>
  <button type="submit">Sign in</button>
</form>`;
  return layout(
    'Development sign-in',
    `<h1>Sign in</h1>
<p>No password is asked: this built-in provider serves the demo users when no OIDC_ISSUER is configured.</p>
${error}
${form}`,
  );
}

/** `form` is oidc-provider's own hidden form (id "op.logoutForm", with its CSRF token). */
export function renderDevLogoutPage(form: string, clientName: string | undefined): string {
  const from = clientName ? ` from ${escapeHtml(clientName)}` : '';
  return layout(
    'Development sign-out',
    `<h1>Sign out${from}?</h1>
${form}
<div class="actions">
  <button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
  <button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>
</div>`,
  );
}

export function renderDevMessagePage(title: string, lines: string[]): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}`,
  );
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function renderChoice(user: DevLoginChoice, checked: boolean): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return `    <label class="choice">
      <input type="radio" name="${userIdField}" value="${escapeHtml(user.id)}" required${checked ? ' checked' : ''}>
      <span class="name">${escapeHtml(name)}</span>
      <span class="detail">${escapeHtml(user.email)} · <code>${escapeHtml(user.id)}</code></span>
    </label>`;
}

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #18181b; }
main { max-width: 32rem; margin: 2rem auto; padding: 0 1rem; }
.banner { margin: 0; padding: .75rem 1rem; background: #b91c1c; color: #fff; font-weight: 700; text-align: center; }
h1 { font-size: 1.4rem; }
fieldset { border: 1px solid #d4d4d8; border-radius: .5rem; padding: .5rem 1rem; background: #fff; }
.choice { display: grid; grid-template-columns: auto 1fr; column-gap: .6rem; padding: .5rem 0; border-bottom: 1px solid #f4f4f5; cursor: pointer; }
.choice input { grid-row: span 2; align-self: center; }
.detail { color: #52525b; font-size: .9rem; }
.error { padding: .6rem .8rem; border-left: 4px solid #b91c1c; background: #fef2f2; }
button { margin-top: 1rem; padding: .6rem 1.4rem; font-size: 1rem; border: 0; border-radius: .4rem; background: #1d4ed8; color: #fff; cursor: pointer; }
button.secondary { background: #e4e4e7; color: #18181b; }
.actions { display: flex; gap: .75rem; }
</style>
</head>
<body>
<p class="banner" role="note">Development sign-in — not for production</p>
<main>
${body}
</main>
</body>
</html>
`;
}

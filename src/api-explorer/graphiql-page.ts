// The GraphiQL page of a GraphQL endpoint, GET with `Accept: text/html` (docs/api-explorer.md#graphiql):
// GraphiQL's prebuilt bundle on React 18, and a credential field whose value the page's script
// sends as a header with each request. The page holds no credential and no inline script or
// style; every URL is relative to the page.
import { escapeHtml } from './html-text.ts';

/** A header that carries the caller's credential, as the endpoint documents it. */
export interface GraphiqlCredential {
  readonly header: string;
  /** What the field is called on the page. */
  readonly label: string;
  /** Put before the value entered (`Bearer `). */
  readonly prefix?: string;
}

export interface GraphiqlPageOptions {
  readonly title: string;
  /** The GraphQL endpoint, relative to the page. */
  readonly endpoint: string;
  /** The credentials the endpoint accepts; the first is preselected. */
  readonly credentials: readonly [GraphiqlCredential, ...GraphiqlCredential[]];
  /** JSON text GraphiQL's headers editor starts with (headers left empty there are not sent). */
  readonly headersTemplate?: string;
  /** URLs relative to the page, in the order the page loads them. */
  readonly styles: readonly string[];
  readonly scripts: readonly string[];
}

export function graphiqlPage(options: GraphiqlPageOptions): string {
  const headers = options.headersTemplate ? ` data-headers="${escapeHtml(options.headersTemplate)}"` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
${options.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
</head>
<body>
<div class="explorer-credential">
${credentialField(options.credentials)}
<span class="explorer-credential-note">Sent as a header with each request from this page; never stored.</span>
</div>
<div id="graphiql" data-endpoint="${escapeHtml(options.endpoint)}"${headers}></div>
${options.scripts.map((src) => `<script src="${escapeHtml(src)}"></script>`).join('\n')}
</body>
</html>
`;
}

function credentialField(credentials: readonly [GraphiqlCredential, ...GraphiqlCredential[]]): string {
  const input = (attributes: string) =>
    `<input id="explorer-credential" type="password" autocomplete="off" spellcheck="false"${attributes}>`;
  if (credentials.length === 1) {
    const [only] = credentials;
    return `<label for="explorer-credential">${escapeHtml(only.label)}</label>\n${input(dataOf(only))}`;
  }
  const options = credentials.map(
    (credential) => `<option${dataOf(credential)}>${escapeHtml(credential.label)}</option>`,
  );
  return `<label for="explorer-credential">Credential</label>
<select id="explorer-credential-kind" aria-label="Credential kind">${options.join('')}</select>
${input('')}`;
}

function dataOf(credential: GraphiqlCredential): string {
  const prefix = credential.prefix ? ` data-prefix="${escapeHtml(credential.prefix)}"` : '';
  return ` data-header="${escapeHtml(credential.header)}"${prefix}`;
}

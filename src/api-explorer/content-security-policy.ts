// The Content-Security-Policy of the API explorer's pages (docs/api-explorer.md#content-security-policy):
// everything from the page's own origin only, nothing inline but what a bundle needs, named by a
// per-response nonce. `connect-src 'self'` also means the pages can only query their own port.
const sameOriginOnly = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/**
 * Redoc's styled-components write <style> elements at run time: each carries the nonce it reads
 * from the page's `<meta property="csp-nonce">`. Its icon font is a `data:` URL.
 */
export function referencePagePolicy(nonce: string): string {
  return [...sameOriginOnly, `style-src 'self' 'nonce-${nonce}'`, "img-src 'self'", "font-src 'self' data:"].join('; ');
}

/** GraphiQL's style sheet embeds its fonts and a few icons as `data:` URLs; its scripts need nothing inline. */
export function graphiqlPagePolicy(): string {
  return [...sameOriginOnly, "style-src 'self'", "img-src 'self' data:", "font-src 'self' data:"].join('; ');
}

/** Headers every explorer page carries besides its policy. */
export const pageHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

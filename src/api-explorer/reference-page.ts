// The API reference page, GET /docs (docs/api-explorer.md#the-reference-page): Redoc's standalone
// bundle rendering openapi.json, both from this origin. Every URL is relative to the page, so
// the service works the same behind a path prefix. Redoc's telemetry is switched off.
import { escapeHtml } from './html-text.ts';

export interface ReferencePageOptions {
  /** `info.title` of openapi.yaml. */
  readonly title: string;
  /** The response's CSP nonce, which Redoc's style elements carry. */
  readonly nonce: string;
  /** URL of Redoc's bundle, relative to the page. */
  readonly redocUrl: string;
  /** URL of the spec, relative to the page. */
  readonly specUrl: string;
}

export function referencePage(options: ReferencePageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="csp-nonce" nonce="${escapeHtml(options.nonce)}">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<redoc spec-url="${escapeHtml(options.specUrl)}" disable-telemetry="true"></redoc>
<script type="module" src="${escapeHtml(options.redocUrl)}"></script>
</body>
</html>
`;
}

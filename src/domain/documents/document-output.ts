// A view model → the bytes a document route answers with (docs/documents.md): HTML from
// the Handlebars renderer, PDF printed from that HTML by the Chromium engine, and the file
// name both carry (`invoice-INV-2025-0042.pdf`).
import type { DocumentKind, DocumentModels } from '../../documents/document-models.ts';
import type { PdfEngine } from '../../documents/pdf/pdf-engine.ts';
import type { HtmlRenderer } from '../../documents/render-html.ts';
import { AppError } from '../../errors/app-error.ts';

export type DocumentFormat = 'html' | 'pdf';

export type RenderedDocument =
  | { readonly format: 'html'; readonly body: string; readonly fileName: string }
  | { readonly format: 'pdf'; readonly body: Uint8Array; readonly fileName: string };

export interface DocumentOutput {
  render<K extends DocumentKind>(
    kind: K,
    model: DocumentModels[K],
    format: DocumentFormat,
    fileStem: string,
  ): Promise<RenderedDocument>;
}

/**
 * `invoice-INV-2025-0042.pdf`: the stem keeps letters, digits, dot, dash and underscore only,
 * so the name is safe in a header and on any file system.
 */
export function documentFileName(fileStem: string, format: DocumentFormat): string {
  const safe =
    fileStem
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[.-]+|-+$/g, '')
      .slice(0, 120) || 'document';
  return `${safe}.${format}`;
}

// openapi.yaml ServiceUnavailable requires a retry delay; the engine gives one with every
// refusal but its shutdown error, which is answered with a short retry too. The delay is data
// on the error: the transport says it (REST: Retry-After), the domain knows no headers
// (docs/architecture.md#layers).
const fallbackRetryAfterSeconds = 1;

function withRetryAfter(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'SERVICE_UNAVAILABLE' || error.retryAfterSeconds !== undefined)
    return error;
  return new AppError(error.code, error.message, { retryAfterSeconds: fallbackRetryAfterSeconds, cause: error });
}

export function createDocumentOutput(options: {
  renderer: HtmlRenderer;
  pdf: Pick<PdfEngine, 'renderPdf'>;
}): DocumentOutput {
  return {
    async render(kind, model, format, fileStem) {
      const html = options.renderer.render(kind, model);
      const fileName = documentFileName(fileStem, format);
      if (format === 'html') return { format, body: html, fileName };
      try {
        return { format, body: await options.pdf.renderPdf(html), fileName };
      } catch (error) {
        throw withRetryAfter(error);
      }
    },
  };
}

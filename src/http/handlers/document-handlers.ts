// The document routes (docs/documents.md): thin handlers over the document service that add what
// openapi.yaml RenderedDocument / PdfDocument require of every answer: a Content-Disposition
// naming the file (`attachment` with `download=true`, else `inline`) and `private, no-store`.
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import type { RenderedDocument } from '../../domain/documents/document-output.ts';
import type { DocumentService } from '../../domain/documents/document-service.ts';
import { AppError } from '../../errors/app-error.ts';
import { contentDisposition } from '../content-disposition.ts';

type DocumentHandlers = Pick<
  Handlers,
  | 'getInvoiceDocument'
  | 'getReceiptDocument'
  | 'getQuoteDocument'
  | 'getProductCatalogDocument'
  | 'getFundUserAgreement'
  | 'getCaseReportPdf'
  | 'getCaseAgreementPdf'
>;

/** openapi.yaml CacheControlPrivateNoStore: personal documents are never cached. */
export const documentCacheControl = 'private, no-store';
// The HTML is self-contained (inline CSS, data: images and fonts); nothing else may load or run.
export const documentContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

type DocumentResult =
  | { status: 200; contentType: 'text/html'; body: string; headers: Record<string, string> }
  | { status: 200; contentType: 'application/pdf'; body: Buffer; headers: Record<string, string> };

export function documentHandlers(service: DocumentService): DocumentHandlers {
  return {
    getInvoiceDocument: async (input, { principal }) =>
      answer(
        await service.invoice(principal, input.path.invoiceId, input.query.format ?? 'html'),
        input.query.download,
      ),
    // Receipts and the catalog are PDF unless `format=html` (openapi.yaml#/components/parameters/PdfFirstDocumentFormat).
    getReceiptDocument: async (input, { principal }) =>
      answer(await service.receipt(principal, input.path.receiptId, input.query.format ?? 'pdf'), input.query.download),
    getQuoteDocument: async (input, { principal }) =>
      answer(await service.quote(principal, input.path.quoteId, input.query.format ?? 'html'), input.query.download),
    getProductCatalogDocument: async (input, { principal }) =>
      answer(await service.productCatalog(principal, input.query.format ?? 'pdf'), input.query.download),
    getFundUserAgreement: async (input, { principal }) =>
      answer(
        await service.fundUserAgreement(principal, input.path.fundId, input.query.format ?? 'html'),
        input.query.download,
      ),
    getCaseReportPdf: async (input, { principal }) =>
      pdfAnswer(await service.caseReport(principal, input.path.caseId), input.query.download),
    getCaseAgreementPdf: async (input, { principal }) =>
      pdfAnswer(await service.caseAgreement(principal, input.path.caseId), input.query.download),
  };
}

function answer(document: RenderedDocument, download: boolean | undefined): DocumentResult {
  const headers = {
    'Content-Disposition': contentDisposition(download === true ? 'attachment' : 'inline', document.fileName),
    'Cache-Control': documentCacheControl,
    'X-Content-Type-Options': 'nosniff',
  };
  if (document.format === 'html') {
    return {
      status: 200,
      contentType: 'text/html',
      body: document.body,
      headers: { ...headers, 'Content-Security-Policy': documentContentSecurityPolicy },
    };
  }
  // Koa writes a Buffer as bytes but would serialize a bare Uint8Array as JSON (src/http/binary-body.ts).
  const bytes = Buffer.from(document.body.buffer, document.body.byteOffset, document.body.byteLength);
  return { status: 200, contentType: 'application/pdf', body: bytes, headers };
}

function pdfAnswer(
  document: RenderedDocument,
  download: boolean | undefined,
): Extract<DocumentResult, { contentType: 'application/pdf' }> {
  const result = answer(document, download);
  if (result.contentType !== 'application/pdf') throw new AppError('INTERNAL', 'the case routes render PDF only');
  return result;
}

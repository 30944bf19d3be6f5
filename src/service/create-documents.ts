// The documents area (docs/documents.md): invoices, receipts, quotes, the product catalog,
// fund agreements and case documents as HTML or PDF, over REST and, as inline PDFs, through the
// business API. It owns the PDF engine, which health reports on, says at once which browser it
// found or why none, and launches it after the first readiness answer.
import type { Logger } from 'pino';
import { createDocumentRecords } from '../access/documents/document-records.ts';
import { createOrganizationDocumentRecords } from '../access/documents/organization-document-records.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { createPdfEngine, type PdfEngine } from '../documents/pdf/pdf-engine.ts';
import { createHtmlRenderer } from '../documents/render-html.ts';
import { createBusinessDocumentService } from '../domain/documents/business-document-service.ts';
import { createDocumentOutput } from '../domain/documents/document-output.ts';
import { issuerParty } from '../domain/documents/document-parties.ts';
import { createDocumentService } from '../domain/documents/document-service.ts';
import { isStoredFileName } from '../domain/files/stored-file-name.ts';
import type { CheckResult } from '../domain/health/readiness-service.ts';
import { documentHandlers } from '../http/handlers/document-handlers.ts';
import { createDirectoryFileStorage } from '../providers/files/directory-file-storage.ts';
import type { Metrics } from '../observability/metrics.ts';

export function createDocuments(deps: { config: Config; db: Db; logger: Logger; metrics: Metrics }) {
  const { config } = deps;
  const pdfEngine = createPdfEngine({
    chromiumPath: config.chromiumPath,
    logger: deps.logger.child({ component: 'pdf' }),
    onRender: deps.metrics.pdf.rendered,
  });
  deps.metrics.pdf.watchQueue(() => pdfEngine.queueDepth());
  // The log says at once which browser prints PDFs, or why none can; the browser itself launches
  // after the service's first readiness answer (prewarm, src/service/after-first-ready.ts), so its
  // start-up competes with neither the service's nor that answer.
  void pdfEngine.locate();
  const output = createDocumentOutput({ renderer: createHtmlRenderer(), pdf: pdfEngine });
  const issuer = issuerParty(config.documentIssuer);
  const service = createDocumentService({ records: createDocumentRecords(deps.db), output, issuer });
  // Signature images of fund agreements are uploaded files, read where the files area stores them.
  const storage = createDirectoryFileStorage(config.uploadDir, isStoredFileName);
  const records = createOrganizationDocumentRecords(deps.db);
  return {
    handlers: documentHandlers(service),
    business: createBusinessDocumentService({ records, output, storage, issuer }),
    pdfReadiness: () => pdfReadiness(pdfEngine.status()),
    /** PDF_PREWARM: launches the browser now, beside the ready service (readiness reports it as `pdf`). */
    prewarm: () => void (config.pdfPrewarm ? pdfEngine.start() : undefined),
    closers: [() => pdfEngine.close()],
  };
}

/** The PDF engine's state as a readiness check; informational, never fails readiness (docs/documents.md). */
function pdfReadiness(engine: ReturnType<PdfEngine['status']>): CheckResult {
  const status = ({ ready: 'ok', starting: 'pending', degraded: 'error', unavailable: 'unavailable' } as const)[
    engine.status
  ];
  return { status, message: engine.message };
}

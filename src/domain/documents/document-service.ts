// The document routes (docs/documents.md) as one service: who may ask (openapi.yaml: non-admin API
// keys are refused with 403 on every document route), which record (the scoped readers of
// src/records/documents apply document_access; missing and not visible are the same 404), and
// the rendered HTML or PDF with its file name.
import type { CaseDocumentName, DocumentRecords } from '../../records/documents/document-tables.ts';
import { isRefusedDocumentKey } from '../../access/document-access.ts';
import type { Principal } from '../../access/principal.ts';
import type { IssuerParty } from '../../documents/document-models.ts';
import { AppError } from '../../errors/app-error.ts';
import { invoiceModel, quoteModel, receiptModel } from './billing-models.ts';
import { caseAgreementModel, caseNumber, caseReportModel } from './case-models.ts';
import type { DocumentFormat, DocumentOutput, RenderedDocument } from './document-output.ts';
import { fundUserAgreementModel, productCatalogModel } from './fund-models.ts';

export interface DocumentService {
  invoice(principal: Principal, invoiceId: number, format: DocumentFormat): Promise<RenderedDocument>;
  receipt(principal: Principal, receiptId: number, format: DocumentFormat): Promise<RenderedDocument>;
  quote(principal: Principal, quoteId: number, format: DocumentFormat): Promise<RenderedDocument>;
  productCatalog(principal: Principal, format: DocumentFormat): Promise<RenderedDocument>;
  fundUserAgreement(principal: Principal, fundId: number, format: DocumentFormat): Promise<RenderedDocument>;
  /** PDF only (openapi.yaml: the case routes have no HTML form). */
  caseReport(principal: Principal, caseId: number): Promise<RenderedDocument>;
  caseAgreement(principal: Principal, caseId: number): Promise<RenderedDocument>;
}

export interface DocumentServiceOptions {
  records: DocumentRecords;
  output: DocumentOutput;
  issuer: IssuerParty;
  now?: () => Date;
}

/** openapi.yaml DocumentKeyForbidden / Forbidden: the message the spec shows. */
export const administratorKeyRequired = 'Administrator API key required';

function refuseNonAdminKeys(principal: Principal): void {
  if (isRefusedDocumentKey(principal)) throw new AppError('FORBIDDEN', administratorKeyRequired);
}

/** One answer, without the id, whether the row is missing or hidden, so ids cannot be probed. */
function found<T>(record: T | null, what: string): T {
  if (record === null) throw new AppError('NOT_FOUND', `${what} not found`);
  return record;
}

export function createDocumentService(options: DocumentServiceOptions): DocumentService {
  const { records, output, issuer } = options;
  const now = options.now ?? (() => new Date());

  async function caseRecord(principal: Principal, document: CaseDocumentName, caseId: number) {
    refuseNonAdminKeys(principal);
    return found(await records.complianceCase(principal, document, caseId), 'Case');
  }

  return {
    async invoice(principal, invoiceId, format) {
      refuseNonAdminKeys(principal);
      const record = found(await records.invoice(principal, invoiceId), 'Invoice');
      return output.render('invoice', invoiceModel(record, issuer), format, `invoice-${record.invoiceNumber}`);
    },
    async receipt(principal, receiptId, format) {
      refuseNonAdminKeys(principal);
      const record = found(await records.receipt(principal, receiptId), 'Receipt');
      return output.render('receipt', receiptModel(record, issuer), format, `receipt-${record.receiptNumber}`);
    },
    async quote(principal, quoteId, format) {
      refuseNonAdminKeys(principal);
      const record = found(await records.quote(principal, quoteId), 'Quote');
      return output.render('quote', quoteModel(record, issuer), format, `quote-${record.quoteNumber}`);
    },
    async productCatalog(principal, format) {
      // No row rule: any signed-in user or administrator key (openapi.yaml getProductCatalogDocument).
      refuseNonAdminKeys(principal);
      const asOf = now().toISOString();
      const model = productCatalogModel(await records.productCatalog(), issuer, asOf);
      return output.render('product-catalog', model, format, `product-catalog-${asOf.slice(0, 10)}`);
    },
    async fundUserAgreement(principal, fundId, format) {
      refuseNonAdminKeys(principal);
      const record = found(await records.fundAgreement(principal, fundId), 'Fund');
      const model = fundUserAgreementModel(record, issuer, now().toISOString());
      return output.render('fund-user-agreement', model, format, `fund-user-agreement-${model.agreementReference}`);
    },
    async caseReport(principal, caseId) {
      const record = await caseRecord(principal, 'compliance_case_report', caseId);
      return output.render(
        'case-report',
        caseReportModel(record, issuer, now()),
        'pdf',
        `case-report-${caseNumber(record.id)}`,
      );
    },
    async caseAgreement(principal, caseId) {
      const record = await caseRecord(principal, 'compliance_case_agreement', caseId);
      return output.render(
        'case-agreement',
        caseAgreementModel(record, issuer, now()),
        'pdf',
        `case-agreement-${caseNumber(record.id)}`,
      );
    },
  };
}

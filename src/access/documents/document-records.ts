// The scoped query API behind the document routes
// (docs/permissions.md#the-access-layer-at-run-time): every reader applies the caller's
// document_access rule to the root row itself, so the document service cannot forget the filter,
// and it sees plain records, never Kysely.
import type { Db } from '../../db/create-database.ts';
import { fitsIntegerRowId } from '../integer-row-id.ts';
import type { Principal } from '../principal.ts';
import {
  type CaseDocumentName,
  type ComplianceCaseRecord,
  findComplianceCaseRecord,
} from './compliance-case-record.ts';
import { type FundAgreementRecord, findFundAgreementRecord } from './fund-agreement-record.ts';
import { type InvoiceRecord, findInvoiceRecord } from './invoice-record.ts';
import { type ProductCatalogRecord, readProductCatalogRecord } from './product-catalog-record.ts';
import { type QuoteRecord, findQuoteRecord } from './quote-record.ts';
import { type ReceiptRecord, findReceiptRecord } from './receipt-record.ts';

export type {
  CaseDocumentName,
  CaseFileRecord,
  CaseInvitationRecord,
  ComplianceCaseRecord,
  KycResultRecord,
} from './compliance-case-record.ts';
export type { OrganizationRecord, PersonRecord } from './document-sql.ts';
export type { FundAgreementRecord, FundSubscriptionRecord } from './fund-agreement-record.ts';
export type { InvoiceRecord } from './invoice-record.ts';
export type { LineRecord } from './line-items-sql.ts';
export type { CatalogFundRecord, CatalogProductRecord, ProductCatalogRecord } from './product-catalog-record.ts';
export type { QuoteRecord } from './quote-record.ts';
export type { PaidInvoiceRecord, ReceiptRecord } from './receipt-record.ts';

/** Each `find` answers null both for a row that does not exist and for one the caller may not read. */
export interface DocumentRecords {
  invoice(principal: Principal, id: number): Promise<InvoiceRecord | null>;
  receipt(principal: Principal, id: number): Promise<ReceiptRecord | null>;
  quote(principal: Principal, id: number): Promise<QuoteRecord | null>;
  productCatalog(): Promise<ProductCatalogRecord>;
  fundAgreement(principal: Principal, fundId: number): Promise<FundAgreementRecord | null>;
  complianceCase(
    principal: Principal,
    document: CaseDocumentName,
    caseId: number,
  ): Promise<ComplianceCaseRecord | null>;
}

function inRange<T>(id: number, read: () => Promise<T | null>): Promise<T | null> {
  return fitsIntegerRowId(id) ? read() : Promise.resolve(null);
}

export function createDocumentRecords(db: Db): DocumentRecords {
  return {
    invoice: (principal, id) => inRange(id, () => findInvoiceRecord(db, principal, id)),
    receipt: (principal, id) => inRange(id, () => findReceiptRecord(db, principal, id)),
    quote: (principal, id) => inRange(id, () => findQuoteRecord(db, principal, id)),
    productCatalog: () => readProductCatalogRecord(db),
    fundAgreement: (principal, fundId) => inRange(fundId, () => findFundAgreementRecord(db, principal, fundId)),
    complianceCase: (principal, document, caseId) =>
      inRange(caseId, () => findComplianceCaseRecord(db, principal, document, caseId)),
  };
}

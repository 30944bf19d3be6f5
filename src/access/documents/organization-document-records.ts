// The records the business API's document mutations read
// (docs/documents.md#through-the-business-graphql-api): the REST routes' records, read within the
// caller's organization scope (docs/identity.md#organization-scope) instead of the REST routes'
// document_access rules. A key bound to an organization reads that organization's invoices and
// quotes (`organization_id`), and the fund agreements of its investors (`app_user.organization_id`)
// for the funds they subscribed to, as the REST rule `fund_user_agreement.investor` admits an
// investor; a key bound to none reads every one, as an administrator does on REST. Each reader
// applies the scope in its own statement and answers null alike for missing and out of reach. A
// capital statement's ledger is read within the same scope (access/funds/fund-capital-ledger.ts).
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import {
  type FundCapitalLedger,
  type FundCapitalQuery,
  selectFundCapitalLedger,
} from '../funds/fund-capital-ledger.ts';
import { fitsIntegerRowId } from '../integer-row-id.ts';
import { type OrganizationScope, organizationInScope, scopeOrganizationValue } from '../organization-scope.ts';
import type { RowCondition } from './document-sql.ts';
import { type FundAgreementRecord, selectFundAgreementRecord } from './fund-agreement-record.ts';
import { type InvoiceRecord, selectInvoiceRecord } from './invoice-record.ts';
import { type QuoteRecord, selectQuoteRecord } from './quote-record.ts';

/** An uploaded file as a signature image needs it. */
export interface SignatureFileRecord {
  storedName: string;
  /** Sniffed from the bytes at upload (docs/files.md#content-type). */
  contentType: string;
  sizeBytes: number;
}

export interface OrganizationDocumentRecords {
  invoice(scope: OrganizationScope, id: number): Promise<InvoiceRecord | null>;
  quote(scope: OrganizationScope, id: number): Promise<QuoteRecord | null>;
  /** Whether the user exists and, in a bound scope, has the scope's organization as home organization. */
  investorInScope(scope: OrganizationScope, userId: string): Promise<boolean>;
  /** The fund with the investor named, for an investor in the scope; in a bound scope only a fund the investor subscribed to. */
  fundAgreement(scope: OrganizationScope, fundId: number, investorUserId: string): Promise<FundAgreementRecord | null>;
  /** The fund, investor, NAVs and register rows of a capital statement; null unless the investor is in the scope and invested by the period's end. */
  fundCapital(scope: OrganizationScope, query: FundCapitalQuery): Promise<FundCapitalLedger | null>;
  /** An uploaded file attached to an organization in the scope (any file for every organization). */
  signatureFile(scope: OrganizationScope, fileId: string): Promise<SignatureFileRecord | null>;
}

/** The rows of a table with an `organization_id` that the scope reaches. */
function ofOrganization(scope: OrganizationScope): RowCondition {
  return (alias) => organizationInScope(scope, `${alias}.organization_id`);
}

/**
 * The funds whose agreement the scope admits for the investor: the investor's home organization
 * is in the scope and, in a bound scope, the investor subscribed to the fund.
 */
function agreedBy(scope: OrganizationScope, investorUserId: string): RowCondition {
  return (alias) => sql<SqlBool>`EXISTS (SELECT 1 FROM app_user i
      WHERE i.id = ${investorUserId} AND ${organizationInScope(scope, 'i.organization_id')})
    AND (${scopeOrganizationValue(scope)} IS NULL OR EXISTS (SELECT 1 FROM fund_subscription s
      WHERE s.fund_id = ${sql.ref(`${alias}.id`)} AND s.user_id = ${investorUserId}))`;
}

export function createOrganizationDocumentRecords(db: Db): OrganizationDocumentRecords {
  return {
    invoice: async (scope, id) => (fitsIntegerRowId(id) ? selectInvoiceRecord(db, id, ofOrganization(scope)) : null),
    quote: async (scope, id) => (fitsIntegerRowId(id) ? selectQuoteRecord(db, id, ofOrganization(scope)) : null),
    async investorInScope(scope, userId) {
      const row = await db
        .selectFrom('app_user as u')
        .select('u.id')
        .where('u.id', '=', userId)
        .where(ofOrganization(scope)('u'))
        .executeTakeFirst();
      return row !== undefined;
    },
    async fundAgreement(scope, fundId, investorUserId) {
      if (!fitsIntegerRowId(fundId)) return null;
      return selectFundAgreementRecord(db, fundId, investorUserId, agreedBy(scope, investorUserId));
    },
    fundCapital: (scope, query) => selectFundCapitalLedger(db, scope, query),
    async signatureFile(scope, fileId) {
      const row = await db
        .selectFrom('file_upload as f')
        .select(['f.stored_name as storedName', 'f.content_type as contentType', 'f.size_bytes as sizeBytes'])
        .where('f.id', '=', fileId)
        .where(ofOrganization(scope)('f'))
        .executeTakeFirst();
      return row
        ? { storedName: row.storedName, contentType: row.contentType, sizeBytes: Number(row.sizeBytes) }
        : null;
    },
  };
}

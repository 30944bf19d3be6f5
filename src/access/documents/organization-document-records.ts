// The records the business API's document mutations read
// (docs/documents.md#through-the-business-graphql-api): the REST routes' records, with their
// document_access rules translated to API keys. A key bound to an organization reads that
// organization's invoices and quotes (`organization_id`), and the fund agreements of its
// investors (`app_user.organization_id`) for the funds they subscribed to, as the REST rule
// `fund_user_agreement.investor` admits an investor; a key bound to none reads every one, as an
// administrator does on REST. Each reader answers null alike for missing and out of reach. A
// capital statement's ledger is read for the same reach (access/funds/fund-capital-ledger.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import { sqlTrue } from '../condition-to-sql.ts';
import {
  type FundCapitalLedger,
  type FundCapitalQuery,
  selectFundCapitalLedger,
} from '../funds/fund-capital-ledger.ts';
import { fitsIntegerRowId } from '../integer-row-id.ts';
import type { RowCondition } from './document-sql.ts';
import { type FundAgreementRecord, selectFundAgreementRecord } from './fund-agreement-record.ts';
import { type InvoiceRecord, selectInvoiceRecord } from './invoice-record.ts';
import { type QuoteRecord, selectQuoteRecord } from './quote-record.ts';

/** Where an API key reads: the organization it is bound to, or null for every organization. */
export interface DocumentReach {
  readonly organizationId: string | null;
}

/** An uploaded file as a signature image needs it. */
export interface SignatureFileRecord {
  storedName: string;
  /** Sniffed from the bytes at upload (docs/files.md#content-type). */
  contentType: string;
  sizeBytes: number;
}

export interface OrganizationDocumentRecords {
  invoice(reach: DocumentReach, id: number): Promise<InvoiceRecord | null>;
  quote(reach: DocumentReach, id: number): Promise<QuoteRecord | null>;
  /** Whether the user exists and, for a bound key, has the key's organization as home organization. */
  investorInReach(reach: DocumentReach, userId: string): Promise<boolean>;
  /** The fund with the investor named; for a bound key only a fund the investor subscribed to. */
  fundAgreement(reach: DocumentReach, fundId: number, investorUserId: string): Promise<FundAgreementRecord | null>;
  /** The fund, investor, NAVs and register rows of a capital statement; null unless the investor is in reach and invested by the period's end. */
  fundCapital(reach: DocumentReach, query: FundCapitalQuery): Promise<FundCapitalLedger | null>;
  /** An uploaded file attached to the key's organization (any file for a key bound to none). */
  signatureFile(reach: DocumentReach, fileId: string): Promise<SignatureFileRecord | null>;
}

/** The rows of a table with an `organization_id` that the reach admits. */
function ofOrganization(reach: DocumentReach): RowCondition {
  const { organizationId } = reach;
  return organizationId === null
    ? () => sqlTrue
    : (alias) => sql`${sql.ref(`${alias}.organization_id`)} = ${organizationId}`;
}

/** The funds whose agreement a reach admits for the investor: any, or those the investor subscribed to. */
function subscribedBy(reach: DocumentReach, investorUserId: string): RowCondition {
  if (reach.organizationId === null) return () => sqlTrue;
  return (alias) =>
    sql`EXISTS (SELECT 1 FROM fund_subscription s WHERE s.fund_id = ${sql.ref(`${alias}.id`)} AND s.user_id = ${investorUserId})`;
}

export function createOrganizationDocumentRecords(db: Db): OrganizationDocumentRecords {
  return {
    invoice: async (reach, id) => (fitsIntegerRowId(id) ? selectInvoiceRecord(db, id, ofOrganization(reach)) : null),
    quote: async (reach, id) => (fitsIntegerRowId(id) ? selectQuoteRecord(db, id, ofOrganization(reach)) : null),
    async investorInReach(reach, userId) {
      const row = await db
        .selectFrom('app_user as u')
        .select('u.id')
        .where('u.id', '=', userId)
        .where(ofOrganization(reach)('u'))
        .executeTakeFirst();
      return row !== undefined;
    },
    async fundAgreement(reach, fundId, investorUserId) {
      if (!fitsIntegerRowId(fundId)) return null;
      return selectFundAgreementRecord(db, fundId, investorUserId, subscribedBy(reach, investorUserId));
    },
    fundCapital: (reach, query) => selectFundCapitalLedger(db, reach, query),
    async signatureFile(reach, fileId) {
      const row = await db
        .selectFrom('file_upload as f')
        .select(['f.stored_name as storedName', 'f.content_type as contentType', 'f.size_bytes as sizeBytes'])
        .where('f.id', '=', fileId)
        .where(ofOrganization(reach)('f'))
        .executeTakeFirst();
      return row
        ? { storedName: row.storedName, contentType: row.contentType, sizeBytes: Number(row.sizeBytes) }
        : null;
    },
  };
}

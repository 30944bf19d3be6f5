// View models of the rendered documents: everything a template prints, already computed by the
// caller, nothing it does not print (no internal notes, no cost breakdown). Money, quantities,
// rates and NAVs are decimal strings as `pg` returns `numeric` (docs/field-notes.md#pg),
// never floats. Instants are ISO 8601 strings and print in UTC; calendar dates are `YYYY-MM-DD`. An
// absent fact is `null`, never a missing key: templates compile in strict mode, so a missing field
// fails the render instead of printing a blank.

/** A decimal string such as `'6323.85'` or `'-12.5'` (no exponent, no grouping). */
export type DecimalString = string;
/** An instant, e.g. `'2025-10-01T09:00:00.000Z'` (`Date#toISOString()`). */
export type IsoDateTime = string;
/** A calendar date `YYYY-MM-DD`, e.g. a `date` column or a statement period bound. */
export type IsoDate = string;
/** ISO 4217 code, e.g. `'USD'`. */
export type CurrencyCode = string;

export interface DocumentModelBase {
  /** BCP 47 tag for numbers, dates, country names and labels; default `'en-GB'`. */
  locale?: string;
}

export interface BankAccount {
  accountHolder: string;
  bankName: string;
  iban: string;
  bic: string;
}

/** The platform operator issuing the document: configuration, not a database row. */
export interface IssuerParty {
  name: string;
  addressLines: string[];
  /** ISO 3166-1 alpha-2, printed as the country's name in the document's locale. */
  countryCode: string | null;
  vatId: string | null;
  registrationNumber: string | null;
  email: string | null;
  phone: string | null;
  /** Printed as payment instructions on invoices that are still to be paid. */
  bankAccount: BankAccount | null;
}

/** `organization` row: name and country; the schema holds no postal address yet. */
export interface OrganizationParty {
  name: string;
  countryCode: string | null;
  addressLines: string[];
}

/** `app_user` row: first and last name joined (or the email when both are null). */
export interface PersonParty {
  name: string;
  email: string | null;
}

export interface RecipientParty {
  organization: OrganizationParty;
  person: PersonParty | null;
}

/**
 * One `invoice_line` / `quote_line`. `netAmount` is the row's `amount` (quantity × unit
 * price); `taxAmount` is `round(netAmount × taxRate, 2)` per line, as the demo seed and the
 * stored totals compute it; `grossAmount` = net + tax.
 */
export interface DocumentLine {
  position: number;
  description: string;
  /** Product SKU when the line references one (`quote_line.product_id`), else null. */
  sku: string | null;
  quantity: DecimalString;
  unitPrice: DecimalString;
  /** A fraction: `'0.0810'` is 8.1 %. */
  taxRate: DecimalString;
  netAmount: DecimalString;
  taxAmount: DecimalString;
  grossAmount: DecimalString;
}

export type InvoiceStatus = 'draft' | 'issued' | 'paid' | 'void' | 'locked';

export interface InvoiceDocumentModel extends DocumentModelBase {
  issuer: IssuerParty;
  recipient: RecipientParty;
  invoiceNumber: string;
  status: InvoiceStatus;
  issuedAt: IsoDateTime | null;
  dueAt: IsoDateTime | null;
  currency: CurrencyCode;
  lines: DocumentLine[];
  /** `invoice.subtotal`, `tax_total`, `total` (Σ net, Σ tax, subtotal + tax). */
  subtotal: DecimalString;
  taxTotal: DecimalString;
  total: DecimalString;
  /** Text for the recipient; never `invoice.internal_notes`. */
  notes: string | null;
}

export type PaymentMethod = 'bank_transfer' | 'card' | 'crypto';

export interface CoinRef {
  /** `coin.symbol`, e.g. `'BTC'`; its icon is embedded as a data: URI. */
  symbol: string;
  name: string;
}

export interface CryptoPayment {
  coin: CoinRef;
  /** In whole coins, e.g. `'0.0671'`. */
  amount: DecimalString;
  transactionHash: string | null;
}

export interface ReceiptPaidInvoice {
  invoiceNumber: string;
  issuedAt: IsoDateTime | null;
  total: DecimalString;
  /** `invoice.total` minus every receipt for it up to and including this one. */
  balanceDue: DecimalString;
}

export interface ReceiptDocumentModel extends DocumentModelBase {
  issuer: IssuerParty;
  recipient: RecipientParty;
  receiptNumber: string;
  /** `receipt.created_at`. */
  issuedAt: IsoDateTime;
  paidAt: IsoDateTime;
  currency: CurrencyCode;
  amount: DecimalString;
  payment: {
    method: PaymentMethod;
    /** Bank or card reference, when known. */
    reference: string | null;
    crypto: CryptoPayment | null;
  };
  /** The invoice paid (`receipt.invoice_id`), null for a payment without one. */
  invoice: ReceiptPaidInvoice | null;
}

export type QuoteStatus = 'draft' | 'sent' | 'accepted' | 'declined' | 'expired';

export interface QuoteDocumentModel extends DocumentModelBase {
  issuer: IssuerParty;
  recipient: RecipientParty;
  quoteNumber: string;
  status: QuoteStatus;
  /** `quote.created_at`. */
  issuedAt: IsoDateTime;
  validUntil: IsoDate | null;
  currency: CurrencyCode;
  lines: DocumentLine[];
  subtotal: DecimalString;
  taxTotal: DecimalString;
  total: DecimalString;
  notes: string | null;
}

export interface CatalogProduct {
  sku: string;
  name: string;
  description: string | null;
  currency: CurrencyCode;
  unitPrice: DecimalString;
  taxRate: DecimalString;
}

export type FundStatus = 'open' | 'closed' | 'liquidating';

export interface FundSummary {
  id: number;
  name: string;
  currency: CurrencyCode;
  navPerUnit: DecimalString | null;
  status: FundStatus;
  /** The fund's organization (`fund.organization_id`). */
  administrator: OrganizationParty;
}

export interface ProductCatalogDocumentModel extends DocumentModelBase {
  issuer: IssuerParty;
  asOf: IsoDateTime;
  /** The products on offer (`product.active`), in display order. */
  products: CatalogProduct[];
  /** The funds on offer, in display order. */
  funds: FundSummary[];
}

export type CaseType = 'onboarding' | 'periodic_review' | 'transaction_review' | 'fund_subscription';
export type CaseStatus = 'open' | 'in_review' | 'approved' | 'rejected' | 'closed';

export interface CaseSummary {
  /** The printed case number, e.g. `'CASE-0001'` for `compliance_case.id` 1. */
  caseNumber: string;
  caseType: CaseType;
  status: CaseStatus;
  title: string;
  summary: string | null;
  organization: OrganizationParty;
  subject: PersonParty | null;
  fund: { id: number; name: string } | null;
  openedAt: IsoDateTime;
  closedAt: IsoDateTime | null;
}

export interface CaseTimelineEntry {
  at: IsoDateTime;
  /** Who did it, by name; null for the system. */
  actor: string | null;
  event: string;
  detail: string | null;
}

export interface CaseFile {
  originalName: string;
  contentType: string;
  /** `file_upload.size_bytes` (bigint, a string from `pg`). */
  sizeBytes: string;
  sha256: string;
  uploadedAt: IsoDateTime;
  uploadedBy: string | null;
}

export interface CaseReportDocumentModel extends DocumentModelBase {
  issuer: IssuerParty;
  generatedAt: IsoDateTime;
  complianceCase: CaseSummary;
  /** Oldest first: opening, uploads, invitations, KYC results, closing. */
  timeline: CaseTimelineEntry[];
  files: CaseFile[];
}

export interface Signatory {
  /** The party signing, e.g. the organization's name. */
  party: string;
  /** Printed under the line; null leaves it to be filled in by hand. */
  name: string | null;
  role: string | null;
}

export interface CaseAgreementDocumentModel extends DocumentModelBase {
  issuer: IssuerParty;
  agreementReference: string;
  issuedAt: IsoDateTime;
  complianceCase: CaseSummary;
  client: RecipientParty;
  /** Printed after the standard terms, one numbered clause each. */
  specialTerms: string[];
  signatories: Signatory[];
}

export type FundRequestStatus = 'pending' | 'approved' | 'processed' | 'rejected' | 'cancelled';

export interface FundSubscriptionSummary {
  subscriptionId: number;
  amount: DecimalString;
  status: FundRequestStatus;
  requestedAt: IsoDateTime;
}

export interface SignatureImage {
  /** `data:image/png;base64,…` or `data:image/jpeg;base64,…` only; anything else fails the render. */
  imageDataUri: string;
  signerName: string;
  signedAt: IsoDateTime | null;
}

export interface FundUserAgreementDocumentModel extends DocumentModelBase {
  issuer: IssuerParty;
  agreementReference: string;
  issuedAt: IsoDateTime;
  includeCoverPage: boolean;
  fund: FundSummary;
  investor: PersonParty;
  investorOrganization: OrganizationParty | null;
  /** The investor's subscriptions into the fund that the agreement covers. */
  subscriptions: FundSubscriptionSummary[];
  signature: SignatureImage | null;
}

export type CapitalTransactionKind = 'subscription' | 'redemption' | 'fee' | 'distribution';

export interface CapitalTransaction {
  /** The dealing day (the fund's register dates movements by day). */
  at: IsoDate;
  kind: CapitalTransactionKind;
  reference: string;
  /** Positive; the kind says which way it moved the balance. */
  amount: DecimalString;
  units: DecimalString | null;
  navPerUnit: DecimalString | null;
}

export interface FundHolding {
  coin: CoinRef;
  quantity: DecimalString;
  value: DecimalString;
  /** A fraction of the fund's assets: `'0.2500'` is 25 %. */
  weight: DecimalString;
}

/**
 * docs/domain.md#funds: opening balance + contributions − redemptions − fees ± gains or losses
 * = closing balance, on a NAV basis. Amounts are in `currency`; redemptions and fees are
 * positive magnitudes, `gainsLosses` carries its sign.
 */
export interface CapitalStatementDocumentModel extends DocumentModelBase {
  issuer: IssuerParty;
  statementReference: string;
  issuedAt: IsoDateTime;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  fund: FundSummary;
  investor: PersonParty;
  investorOrganization: OrganizationParty | null;
  currency: CurrencyCode;
  openingBalance: DecimalString;
  contributions: DecimalString;
  redemptions: DecimalString;
  fees: DecimalString;
  gainsLosses: DecimalString;
  closingBalance: DecimalString;
  navBasis: {
    /** Null when the fund had published no NAV before the period (the investor then held nothing). */
    openingNavDate: IsoDate | null;
    openingNavPerUnit: DecimalString | null;
    openingUnits: DecimalString;
    closingNavDate: IsoDate;
    closingNavPerUnit: DecimalString;
    closingUnits: DecimalString;
  };
  /** Movements within the period, oldest first. */
  transactions: CapitalTransaction[];
  /** The fund's assets at period end (its custody wallets), for the allocation table. */
  fundHoldings: FundHolding[];
}

/** Document kind → its view model: what `render(kind, model)` accepts. */
export interface DocumentModels {
  invoice: InvoiceDocumentModel;
  receipt: ReceiptDocumentModel;
  quote: QuoteDocumentModel;
  'product-catalog': ProductCatalogDocumentModel;
  'case-report': CaseReportDocumentModel;
  'case-agreement': CaseAgreementDocumentModel;
  'fund-user-agreement': FundUserAgreementDocumentModel;
  'capital-statement': CapitalStatementDocumentModel;
}

export type DocumentKind = keyof DocumentModels;

// A Record, so a kind added to DocumentModels but not listed here fails to type-check.
const kinds: Record<DocumentKind, true> = {
  invoice: true,
  receipt: true,
  quote: true,
  'product-catalog': true,
  'case-report': true,
  'case-agreement': true,
  'fund-user-agreement': true,
  'capital-statement': true,
};

/** Every kind; each has `templates/<kind>.hbs`. */
export const documentKinds: readonly DocumentKind[] = Object.freeze(Object.keys(kinds) as DocumentKind[]);

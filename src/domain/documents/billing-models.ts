// Invoice, receipt and sales-quote records → their view models (document-models.ts).
import type { InvoiceRecord, LineRecord, QuoteRecord, ReceiptRecord } from '../../records/documents/document-tables.ts';
import type {
  DocumentLine,
  InvoiceDocumentModel,
  IssuerParty,
  QuoteDocumentModel,
  ReceiptDocumentModel,
} from '../../documents/document-models.ts';
import { optionalPersonParty, organizationParty } from './document-parties.ts';
import { knownValue } from './record-values.ts';

const invoiceStatuses = ['draft', 'issued', 'paid', 'void', 'locked'] as const;
const quoteStatuses = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
const paymentMethods = ['bank_transfer', 'card', 'crypto'] as const;

function documentLine(line: LineRecord): DocumentLine {
  return { ...line };
}

export function invoiceModel(record: InvoiceRecord, issuer: IssuerParty): InvoiceDocumentModel {
  return {
    issuer,
    recipient: { organization: organizationParty(record.organization), person: optionalPersonParty(record.recipient) },
    invoiceNumber: record.invoiceNumber,
    status: knownValue(record.status, invoiceStatuses, 'invoice.status'),
    issuedAt: record.issuedAt,
    dueAt: record.dueAt,
    currency: record.currency,
    lines: record.lines.map(documentLine),
    subtotal: record.subtotal,
    taxTotal: record.taxTotal,
    total: record.total,
    // The invoice table has internal notes only, and those never reach the recipient.
    notes: null,
  };
}

export function receiptModel(record: ReceiptRecord, issuer: IssuerParty): ReceiptDocumentModel {
  return {
    issuer,
    recipient: { organization: organizationParty(record.organization), person: optionalPersonParty(record.recipient) },
    receiptNumber: record.receiptNumber,
    issuedAt: record.createdAt,
    paidAt: record.paidAt,
    currency: record.currency,
    amount: record.amount,
    // The receipt table stores the method only: no bank reference, coin or transaction hash yet.
    payment: {
      method: knownValue(record.paymentMethod, paymentMethods, 'receipt.payment_method'),
      reference: null,
      crypto: null,
    },
    invoice: record.invoice ? { ...record.invoice } : null,
  };
}

export function quoteModel(record: QuoteRecord, issuer: IssuerParty): QuoteDocumentModel {
  return {
    issuer,
    recipient: { organization: organizationParty(record.organization), person: optionalPersonParty(record.recipient) },
    quoteNumber: record.quoteNumber,
    status: knownValue(record.status, quoteStatuses, 'quote.status'),
    issuedAt: record.createdAt,
    validUntil: record.validUntil,
    currency: record.currency,
    lines: record.lines.map(documentLine),
    subtotal: record.subtotal,
    taxTotal: record.taxTotal,
    total: record.total,
    notes: null,
  };
}

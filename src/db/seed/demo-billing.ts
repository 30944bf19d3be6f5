// Invoices (issued to an organization and a recipient user) in the statuses draft, issued,
// paid, void and locked, their lines, and receipts for the settled ones. Totals are computed
// from the lines so subtotal = Σ amounts and total = subtotal + tax always hold.
import type { Insertable } from 'kysely';
import type { InvoiceLineTable, InvoiceTable, ReceiptTable } from '../../../generated/database/database.ts';
import { demoTime } from './demo-clock.ts';
import { type DemoLineSpec, type PricedDocument, demoTaxRates, priceLines } from './demo-document-lines.ts';
import { demoOrganizationIds } from './demo-organizations.ts';

interface InvoiceSpec {
  id: number;
  number: string;
  organizationId: string;
  recipient: string;
  taxRate: string;
  status: 'draft' | 'issued' | 'paid' | 'void' | 'locked';
  /** Days from the base date; null for drafts. */
  issuedDay: number | null;
  lines: DemoLineSpec[];
  internalNotes?: string;
  costBreakdown?: unknown;
}

const { aurora, meridian } = demoOrganizationIds;

const specs: InvoiceSpec[] = [
  {
    id: 1,
    number: 'INV-2025-0041',
    organizationId: aurora,
    recipient: 'demo-carol',
    taxRate: demoTaxRates.CH,
    status: 'locked',
    issuedDay: -92,
    lines: [
      {
        sku: 'CUSTODY-WALLET-MONTH',
        quantity: '9',
        description: 'Digital asset custody, 3 wallets, July–September 2025',
      },
      { sku: 'OTC-DESK-MONTH', quantity: '3', description: 'OTC desk access, July–September 2025' },
    ],
    internalNotes: 'Q3 2025 closed; period locked by accounting on 2025-11-15.',
  },
  {
    id: 2,
    number: 'INV-2025-0052',
    organizationId: aurora,
    recipient: 'demo-alice',
    taxRate: demoTaxRates.CH,
    status: 'paid',
    issuedDay: -31,
    lines: [
      {
        sku: 'CUSTODY-WALLET-MONTH',
        quantity: '12',
        description: 'Digital asset custody, 4 wallets, October–December 2025',
      },
      { sku: 'AML-SCREENING', quantity: '40' },
      { sku: 'KYC-CHECK', quantity: '6' },
    ],
    internalNotes: 'Volume discount on screenings discussed with A. Moreau; apply from Q1 2026.',
    costBreakdown: {
      currency: 'USD',
      components: [
        { name: 'Custodian pass-through', amount: '1440.00' },
        { name: 'Screening provider', amount: '180.00' },
        { name: 'KYC provider', amount: '96.00' },
      ],
    },
  },
  {
    id: 3,
    number: 'INV-2025-0053',
    organizationId: meridian,
    recipient: 'demo-grace',
    taxRate: demoTaxRates.GB,
    status: 'paid',
    issuedDay: -31,
    lines: [
      { sku: 'SMART-WALLET-SETUP', quantity: '1', description: 'Smart wallet setup: Meridian Smart Treasury' },
      {
        sku: 'CUSTODY-WALLET-MONTH',
        quantity: '9',
        description: 'Digital asset custody, 3 wallets, October–December 2025',
      },
    ],
    costBreakdown: {
      currency: 'USD',
      components: [
        { name: 'Smart account deployment gas', amount: '42.18' },
        { name: 'Custodian pass-through', amount: '1080.00' },
      ],
    },
  },
  {
    id: 4,
    number: 'INV-2025-0058',
    organizationId: meridian,
    recipient: 'demo-grace',
    taxRate: demoTaxRates.GB,
    status: 'void',
    issuedDay: -30,
    lines: [{ sku: 'SMART-WALLET-SETUP', quantity: '1', description: 'Smart wallet setup: Meridian Smart Treasury' }],
    internalNotes: 'Voided: duplicate of INV-2025-0053.',
  },
  {
    id: 5,
    number: 'INV-2025-0060',
    organizationId: meridian,
    recipient: 'demo-judy',
    taxRate: demoTaxRates.GB,
    status: 'issued',
    issuedDay: -5,
    lines: [
      {
        sku: 'PORTFOLIO-REPORTING-MONTH',
        quantity: '3',
        description: 'Consolidated portfolio reporting, October–December 2025',
      },
      { sku: 'OTC-DESK-MONTH', quantity: '3', description: 'OTC desk access, October–December 2025' },
      { sku: 'KYC-CHECK', quantity: '4' },
    ],
    costBreakdown: {
      currency: 'USD',
      components: [
        { name: 'Market data licence share', amount: '310.00' },
        { name: 'KYC provider', amount: '64.00' },
      ],
    },
  },
  {
    id: 6,
    number: 'INV-2026-0001',
    organizationId: aurora,
    recipient: 'demo-carol',
    taxRate: demoTaxRates.CH,
    status: 'draft',
    issuedDay: null,
    lines: [
      {
        sku: 'CUSTODY-WALLET-MONTH',
        quantity: '12',
        description: 'Digital asset custody, 4 wallets, January–March 2026',
      },
      {
        sku: 'PORTFOLIO-REPORTING-MONTH',
        quantity: '3',
        description: 'Consolidated portfolio reporting, January–March 2026',
      },
    ],
    internalNotes: 'Draft: confirm the wallet count with Frank Rossi before issuing (the AVAX wallet is frozen).',
  },
];

const priced = new Map<number, PricedDocument>(specs.map((spec) => [spec.id, priceLines(spec.lines, spec.taxRate)]));

function pricedInvoice(id: number): PricedDocument {
  return priced.get(id) as PricedDocument;
}

export const demoInvoices: Insertable<InvoiceTable>[] = specs.map((spec) => {
  const document = pricedInvoice(spec.id);
  return {
    id: spec.id,
    invoice_number: spec.number,
    organization_id: spec.organizationId,
    recipient_user_id: spec.recipient,
    currency: 'USD',
    subtotal: document.subtotal,
    tax_total: document.taxTotal,
    total: document.total,
    status: spec.status,
    issued_at: spec.issuedDay === null ? null : demoTime(spec.issuedDay, 9),
    due_at: spec.issuedDay === null ? null : demoTime(spec.issuedDay + 30, 23, 59),
    internal_notes: spec.internalNotes ?? null,
    cost_breakdown: spec.costBreakdown === undefined ? null : JSON.stringify(spec.costBreakdown),
    created_by: 'demo-trent',
    created_at: demoTime((spec.issuedDay ?? 0) - 1, 15),
  };
});

let nextLineId = 1;
export const demoInvoiceLines: Insertable<InvoiceLineTable>[] = specs.flatMap((spec) =>
  pricedInvoice(spec.id).lines.map((line) => ({
    id: nextLineId++,
    invoice_id: spec.id,
    position: line.position,
    description: line.description,
    quantity: line.quantity,
    unit_price: line.unit_price,
    tax_rate: line.tax_rate,
    amount: line.amount,
  })),
);

function receipt(
  id: number,
  number: string,
  invoiceId: number,
  method: 'bank_transfer' | 'card' | 'crypto',
  paidDay: number,
): Insertable<ReceiptTable> {
  const invoice = specs.find((spec) => spec.id === invoiceId) as InvoiceSpec;
  return {
    id,
    receipt_number: number,
    invoice_id: invoiceId,
    organization_id: invoice.organizationId,
    recipient_user_id: invoice.recipient,
    currency: 'USD',
    amount: pricedInvoice(invoiceId).total,
    payment_method: method,
    paid_at: demoTime(paidDay, 11),
    created_at: demoTime(paidDay, 11, 5),
  };
}

/** Receipts for the paid invoices, and for the locked one, which was paid before its period closed. */
export const demoReceipts: Insertable<ReceiptTable>[] = [
  receipt(1, 'RCPT-2025-0031', 1, 'bank_transfer', -70),
  receipt(2, 'RCPT-2025-0038', 2, 'bank_transfer', -10),
  receipt(3, 'RCPT-2025-0039', 3, 'crypto', -12),
];

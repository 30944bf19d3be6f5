// Sales quote documents (not OTC quotes) in every status, mostly for the plain `user` Judy.
import type { Insertable } from 'kysely';
import type { QuoteLineTable, QuoteTable } from '../../../generated/database/database.ts';
import { demoDate, demoTime } from './demo-clock.ts';
import { type DemoLineSpec, demoTaxRates, priceLines } from './demo-document-lines.ts';
import { demoOrganizationIds } from './demo-organizations.ts';

interface SalesQuoteSpec {
  id: number;
  number: string;
  organizationId: string;
  user: string;
  taxRate: string;
  status: 'draft' | 'sent' | 'accepted' | 'declined' | 'expired';
  createdDay: number;
  lines: DemoLineSpec[];
}

const { aurora, meridian } = demoOrganizationIds;

const specs: SalesQuoteSpec[] = [
  {
    id: 1,
    number: 'Q-2025-0009',
    organizationId: aurora,
    user: 'demo-alice',
    taxRate: demoTaxRates.CH,
    status: 'expired',
    createdDay: -120,
    lines: [{ sku: 'PORTFOLIO-REPORTING-MONTH', quantity: '12' }],
  },
  {
    id: 2,
    number: 'Q-2025-0011',
    organizationId: meridian,
    user: 'demo-judy',
    taxRate: demoTaxRates.GB,
    status: 'accepted',
    createdDay: -160,
    lines: [
      { sku: 'SMART-WALLET-SETUP', quantity: '1' },
      { sku: 'CUSTODY-WALLET-MONTH', quantity: '24', description: 'Digital asset custody, 2 wallets, 12 months' },
    ],
  },
  {
    id: 3,
    number: 'Q-2025-0012',
    organizationId: meridian,
    user: 'demo-judy',
    taxRate: demoTaxRates.GB,
    status: 'declined',
    createdDay: -75,
    lines: [
      {
        sku: 'FUND-ADMIN-QUARTER',
        quantity: '4',
        description: 'Fund administration for a proposed Meridian fund, 4 quarters',
      },
    ],
  },
  {
    id: 4,
    number: 'Q-2026-0002',
    organizationId: meridian,
    user: 'demo-judy',
    taxRate: demoTaxRates.GB,
    status: 'sent',
    createdDay: -2,
    lines: [
      { sku: 'OTC-DESK-MONTH', quantity: '12', description: 'OTC desk access, 2026' },
      { sku: 'AML-SCREENING', quantity: '200' },
    ],
  },
  {
    id: 5,
    number: 'Q-2026-0003',
    organizationId: aurora,
    user: 'demo-alice',
    taxRate: demoTaxRates.CH,
    status: 'draft',
    createdDay: 0,
    lines: [
      { sku: 'KYC-CHECK', quantity: '20' },
      { sku: 'SMART-WALLET-SETUP', quantity: '2' },
    ],
  },
];

const priced = specs.map((spec) => ({ spec, document: priceLines(spec.lines, spec.taxRate) }));

export const demoSalesQuotes: Insertable<QuoteTable>[] = priced.map(({ spec, document }) => ({
  id: spec.id,
  quote_number: spec.number,
  organization_id: spec.organizationId,
  user_id: spec.user,
  currency: 'USD',
  subtotal: document.subtotal,
  tax_total: document.taxTotal,
  total: document.total,
  status: spec.status,
  valid_until: demoDate(spec.createdDay + 30),
  created_at: demoTime(spec.createdDay, 10),
}));

let nextLineId = 1;
export const demoSalesQuoteLines: Insertable<QuoteLineTable>[] = priced.flatMap(({ spec, document }) =>
  document.lines.map((line) => ({
    id: nextLineId++,
    quote_id: spec.id,
    position: line.position,
    product_id: line.productId,
    description: line.description,
    quantity: line.quantity,
    unit_price: line.unit_price,
    tax_rate: line.tax_rate,
    amount: line.amount,
  })),
);

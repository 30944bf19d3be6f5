// The service catalog that invoices and sales quotes are priced from.
import type { Insertable } from 'kysely';
import type { ProductTable } from '../../../generated/database/database.ts';

/** Swiss standard VAT rate: the platform operator's default on its catalog. */
export const DEMO_DEFAULT_TAX_RATE = '0.0810';

export const demoProducts: Insertable<ProductTable>[] = [
  {
    id: 1,
    sku: 'CUSTODY-WALLET-MONTH',
    name: 'Digital asset custody',
    description: 'Qualified custody of one wallet for one month, insurance included.',
    currency: 'USD',
    unit_price: '250.00',
    tax_rate: DEMO_DEFAULT_TAX_RATE,
    active: true,
  },
  {
    id: 2,
    sku: 'SMART-WALLET-SETUP',
    name: 'Smart wallet setup',
    description: 'Deployment and policy configuration of one account-abstraction wallet.',
    currency: 'USD',
    unit_price: '1500.00',
    tax_rate: DEMO_DEFAULT_TAX_RATE,
    active: true,
  },
  {
    id: 3,
    sku: 'OTC-DESK-MONTH',
    name: 'OTC desk access',
    description: 'Request-for-quote trading with the OTC desk for one month.',
    currency: 'USD',
    unit_price: '1200.00',
    tax_rate: DEMO_DEFAULT_TAX_RATE,
    active: true,
  },
  {
    id: 4,
    sku: 'KYC-CHECK',
    name: 'KYC verification',
    description: 'Identity verification of one applicant, including document and liveness checks.',
    currency: 'USD',
    unit_price: '35.00',
    tax_rate: DEMO_DEFAULT_TAX_RATE,
    active: true,
  },
  {
    id: 5,
    sku: 'AML-SCREENING',
    name: 'AML wallet screening',
    description: 'One AML screening of a wallet or counterparty address.',
    currency: 'USD',
    unit_price: '12.50',
    tax_rate: DEMO_DEFAULT_TAX_RATE,
    active: true,
  },
  {
    id: 6,
    sku: 'FUND-ADMIN-QUARTER',
    name: 'Fund administration',
    description: 'NAV calculation, investor registry and reporting for one fund for one quarter.',
    currency: 'USD',
    unit_price: '7500.00',
    tax_rate: DEMO_DEFAULT_TAX_RATE,
    active: true,
  },
  {
    id: 7,
    sku: 'PORTFOLIO-REPORTING-MONTH',
    name: 'Consolidated portfolio reporting',
    description: 'Monthly consolidated statement across wallets, funds and trades.',
    currency: 'USD',
    unit_price: '400.00',
    tax_rate: DEMO_DEFAULT_TAX_RATE,
    active: true,
  },
  {
    id: 8,
    sku: 'CARD-PROGRAMME-LEGACY',
    name: 'Prepaid card programme (legacy)',
    description: 'Discontinued; kept for historical invoices.',
    currency: 'USD',
    unit_price: '90.00',
    tax_rate: DEMO_DEFAULT_TAX_RATE,
    active: false,
  },
];

export interface DemoProductPrice {
  id: number;
  name: string;
  unitPrice: string;
}

export function demoProduct(sku: string): DemoProductPrice {
  const product = demoProducts.find((candidate) => candidate.sku === sku);
  if (!product) throw new Error(`no demo product ${sku}`);
  return { id: product.id as number, name: product.name, unitPrice: product.unit_price };
}

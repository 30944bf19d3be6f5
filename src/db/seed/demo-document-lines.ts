// Prices the lines of invoices and sales quotes the way the documents print them:
// amount = quantity × unit price, tax per line rounded to cents, total = subtotal + tax.
import { multiply, sum } from './demo-decimal.ts';
import { demoProduct } from './demo-products.ts';

export interface DemoLineSpec {
  sku: string;
  quantity: string;
  /** Overrides the product's name, e.g. to name the billing period. */
  description?: string;
}

export interface PricedLine {
  position: number;
  productId: number;
  description: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
  amount: string;
}

export interface PricedDocument {
  lines: PricedLine[];
  subtotal: string;
  taxTotal: string;
  total: string;
}

export function priceLines(specs: readonly DemoLineSpec[], taxRate: string): PricedDocument {
  const lines = specs.map((spec, index): PricedLine => {
    const product = demoProduct(spec.sku);
    return {
      position: index + 1,
      productId: product.id,
      description: spec.description ?? product.name,
      quantity: spec.quantity,
      unit_price: product.unitPrice,
      tax_rate: taxRate,
      amount: multiply([spec.quantity, product.unitPrice], 2),
    };
  });
  const subtotal = sum(
    lines.map((line) => line.amount),
    2,
  );
  const taxTotal = sum(
    lines.map((line) => multiply([line.amount, line.tax_rate], 2)),
    2,
  );
  return { lines, subtotal, taxTotal, total: sum([subtotal, taxTotal], 2) };
}

/** VAT applied per client country (Switzerland standard rate, United Kingdom standard rate). */
export const demoTaxRates = { CH: '0.0810', GB: '0.2000' } as const;

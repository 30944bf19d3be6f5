// Reads what the product catalog document lists: the active products and the open
// funds with their administrators, in one statement. The catalog is the platform's offer, the
// same for every caller allowed on the route, so it has no row rule (permissions.yaml
// document_access lists none); the route itself refuses non-admin API keys.
import { sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import type { OrganizationRecord } from './document-columns.ts';

export interface CatalogProductRecord {
  sku: string;
  name: string;
  description: string | null;
  currency: string;
  unitPrice: string;
  taxRate: string;
}

export interface CatalogFundRecord {
  id: number;
  name: string;
  currency: string;
  navPerUnit: string | null;
  status: string;
  administrator: OrganizationRecord;
}

export interface ProductCatalogRecord {
  products: CatalogProductRecord[];
  funds: CatalogFundRecord[];
}

export async function readProductCatalogRecord(db: Db): Promise<ProductCatalogRecord> {
  const { rows } = await sql<ProductCatalogRecord>`SELECT
    coalesce((SELECT json_agg(json_build_object('sku', p.sku, 'name', p.name, 'description', p.description,
        'currency', p.currency, 'unitPrice', p.unit_price::text, 'taxRate', p.tax_rate::text) ORDER BY p.id)
      FROM product p WHERE p.active), '[]'::json) AS products,
    coalesce((SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'currency', f.currency,
        'navPerUnit', f.nav_per_unit::text, 'status', f.status,
        'administrator', json_build_object('name', o.name, 'countryCode', o.country_code)) ORDER BY f.id)
      FROM fund f JOIN organization o ON o.id = f.organization_id WHERE f.status = 'open'), '[]'::json) AS funds`.execute(
    db,
  );
  return rows[0] as ProductCatalogRecord;
}

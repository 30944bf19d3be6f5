// The hand-written side of the data-layer bench
// (docs/benchmarks.md#data-layer-organizations-with-their-wallets-benchdata-layer-benchts): for
// each query of the bench, the one statement a developer would write by hand for the same answer,
// the role's permission filter written in, JSON built by PostgreSQL with json_build_object and
// json_agg, sent as a named prepared statement (parsed and planned once per connection).
import type { Statement } from './data-layer-bare-server.ts';

const wallets = `(SELECT coalesce(json_agg(json_build_object('id', w.id, 'label', w.label, 'coin', w.coin, 'usd_value', w.usd_value::text)), '[]')
     FROM digital_wallet w WHERE w.organization_id = o.id`;
const organization = (walletFilter: string) =>
  `json_build_object('id', o.id, 'name', o.name, 'digital_wallets', ${wallets}${walletFilter}))`;

/** organization_admin: its own organization (`id = X-Data-Organization-Id`), and the wallets of it. */
export const organizationAdmin = (organizationId: string): Statement => ({
  name: 'hand-written-organization-admin',
  sql: `SELECT coalesce(json_agg(${organization(' AND w.organization_id = $1')}), '[]')::text AS value
   FROM organization o WHERE o.id = $1`,
  parameters: [organizationId],
});

/** front_office reads every organization and wallet (no row filter): the first `limit` by slug. */
export const frontOfficeFirst = (limit: number): Statement => ({
  name: 'hand-written-front-office-first',
  sql: `SELECT coalesce(json_agg(${organization('')} ORDER BY o.slug), '[]')::text AS value
   FROM (SELECT id, name, slug FROM organization ORDER BY slug LIMIT $1) o`,
  parameters: [limit],
});

/** front_office: every organization. */
export const frontOfficeAll = (): Statement => ({
  name: 'hand-written-front-office-all',
  sql: `SELECT coalesce(json_agg(${organization('')}), '[]')::text AS value FROM organization o`,
  parameters: [],
});

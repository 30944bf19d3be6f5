// Corpus: the jsonb `path` argument of a selection (docs/data-layer.md#the-schema-of-a-role),
// Hasura's "JSON select path", on the demo seed: in lists, `_by_pk`, `nodes`, relationships and a
// mutation's `returning`, from a literal or a variable; absent paths answer null, malformed ones
// VALIDATION_FAILED naming the path. Audit entry demo-request-0001 holds
// {walletId: 1, label: "Aurora cold storage (Zug)"}, demo-request-0004 {quoteId, side: "BUY",
// size: "2.5", product: "BTC-USD"} (src/db/seed/demo-audit-log.ts); invoice 3 (INV-2025-0053)
// cost_breakdown {currency: "USD", components: [{name: "Smart account deployment gas", amount:
// "42.18"}, {name: "Custodian pass-through", amount: "1080.00"}]} (src/db/seed/demo-billing.ts).
// The rules' side of the new operators (_exists, column comparisons, patterns and jsonb in
// permissions.yaml rules) is checked against the reference in permissions-property.test.ts.
import { asRole } from '../data-layer-client.ts';
import type { CorpusCase } from './corpus-case.ts';
import { runCorpus } from './run-corpus.ts';

const auditor = asRole('auditor');
const accounting = asRole('accounting', { 'x-data-user-id': 'demo-carol' });
const entry = (fields: string, request = 'demo-request-0001') =>
  `{ audit_log(where: {request_id: {_eq: "${request}"}}) { ${fields} } }`;
const invoice3 = (fields: string) => `{ invoice_by_pk(id: 3) { ${fields} } }`;
const pathDocs = 'docs: queries/postgres/query-filters — JSON select path: `path` on a jsonb field, `#>`';

const cases: CorpusCase[] = [
  {
    name: 'a $-rooted path selects a key of the value',
    hasura: pathDocs,
    headers: auditor,
    query: entry('wallet: details(path: "$.walletId") label: details(path: "$.label")'),
    expect: { data: { audit_log: [{ wallet: 1, label: 'Aurora cold storage (Zug)' }] } },
  },
  {
    name: 'a path without $ means the same',
    hasura: `${pathDocs} (Hasura's parser takes "a.b" as "$.a.b")`,
    headers: auditor,
    query: entry('details(path: "product")', 'demo-request-0004'),
    expect: { data: { audit_log: [{ details: 'BTC-USD' }] } },
  },
  {
    name: 'a key the value does not have selects null, beside the whole value',
    hasura: `${pathDocs} (#> of a missing path is NULL)`,
    headers: auditor,
    query: entry('missing: details(path: "$.nothing.deeper") whole: details(path: "$") plain: details'),
    expect: {
      data: {
        audit_log: [
          {
            missing: null,
            whole: { walletId: 1, label: 'Aurora cold storage (Zug)' },
            plain: { walletId: 1, label: 'Aurora cold storage (Zug)' },
          },
        ],
      },
    },
  },
  {
    name: 'array indexes, nested keys after them, and an index past the end',
    hasura: `${pathDocs} ("a[0]", "$.a[1].b")`,
    headers: accounting,
    query: invoice3(
      'first: cost_breakdown(path: "components[0].name") second: cost_breakdown(path: "$.components[1].amount") list: cost_breakdown(path: "$.components[1]") none: cost_breakdown(path: "$.components[5].name")',
    ),
    expect: {
      data: {
        invoice_by_pk: {
          first: 'Smart account deployment gas',
          second: '1080.00',
          list: { name: 'Custodian pass-through', amount: '1080.00' },
          none: null,
        },
      },
    },
  },
  {
    name: 'the path from a variable; a null variable selects the whole value',
    hasura: `${pathDocs} (the argument is a String, variables allowed)`,
    headers: auditor,
    query:
      'query ($p: String, $q: String) { audit_log(where: {request_id: {_eq: "demo-request-0004"}}) { a: details(path: $p) b: details(path: $q) } }',
    variables: { p: '$.side', q: null },
    expect: {
      data: {
        audit_log: [
          {
            a: 'BUY',
            b: { quoteId: '22222222-0000-4000-8000-000000000001', side: 'BUY', size: '2.5', product: 'BTC-USD' },
          },
        ],
      },
    },
  },
  {
    name: 'a malformed literal path is VALIDATION_FAILED naming it',
    hasura: `${pathDocs} (Hasura: "parse json path error")`,
    headers: auditor,
    query: entry('details(path: "$.a..b")'),
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: `invalid JSON path "$.a..b" in the argument 'path' of 'details': unexpected '..b'`,
      },
    },
  },
  {
    name: 'a malformed path in a variable is VALIDATION_FAILED naming it',
    hasura: `${pathDocs} (Hasura: "parse json path error")`,
    headers: auditor,
    query: 'query ($p: String) { audit_log { details(path: $p) } }',
    variables: { p: 'items[first]' },
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: `invalid JSON path "items[first]" in the argument 'path' of 'details': unexpected '[first]'`,
      },
    },
  },
  {
    name: 'a column that is not jsonb has no path argument',
    hasura: 'docs: queries/postgres/query-filters — only json/jsonb fields take `path`',
    headers: auditor,
    query: entry('action(path: "$.a")'),
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: /^argument 'path' not found on field 'audit_log\.action' \(unknown argument or no permission\)$/,
      },
    },
  },
  {
    name: 'a column the role may not read takes no path either',
    hasura: 'docs: auth/authorization/permissions/column-level — a hidden column does not exist for the role',
    headers: asRole('auditor'),
    query: invoice3('cost_breakdown(path: "currency")'),
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: "field 'cost_breakdown' not found in type 'invoice' (unknown field or no permission)",
      },
    },
  },
  {
    name: 'in an aggregate’s nodes',
    hasura: `${pathDocs} (nodes are the table's object type)`,
    headers: accounting,
    query:
      '{ invoice_aggregate(where: {id: {_eq: 3}}) { aggregate { count } nodes { id cost_breakdown(path: "currency") } } }',
    expect: { data: { invoice_aggregate: { aggregate: { count: 1 }, nodes: [{ id: 3, cost_breakdown: 'USD' }] } } },
  },
  {
    name: 'through a relationship',
    hasura: `${pathDocs} (every selection of the column)`,
    headers: accounting,
    query:
      '{ invoice_line(where: {invoice_id: {_eq: 3}}, limit: 1) { invoice { invoice_number cost_breakdown(path: "components[0].amount") } } }',
    expect: { data: { invoice_line: [{ invoice: { invoice_number: 'INV-2025-0053', cost_breakdown: '42.18' } }] } },
  },
  {
    name: 'in a mutation’s returning, the written value',
    hasura: `${pathDocs} (returning is the table's object type)`,
    headers: accounting,
    query:
      'mutation { update_invoice(where: {id: {_eq: 3}}, _set: {cost_breakdown: {currency: "EUR", components: [{name: "x", amount: "1.00"}]}}) { affected_rows returning { currency: cost_breakdown(path: "currency") amount: cost_breakdown(path: "components[0].amount") } } }',
    expect: {
      data: { update_invoice: { affected_rows: 1, returning: [{ currency: 'EUR', amount: '1.00' }] } },
    },
    then: {
      sql: "SELECT cost_breakdown #>> '{components,0,name}' AS name FROM invoice WHERE id = 3",
      rows: [{ name: 'x' }],
    },
  },
];

runCorpus('operators: jsonb path', cases);

// Corpus: upserts (`on_conflict`) and nested inserts through relationships
// (docs/data-layer.md#upserts-on_conflict, #nested-inserts), on the demo seed. Expected rows are
// derived by hand from the seed (src/db/seed/demo-billing.ts, demo-wallets.ts, demo-users.ts):
// invoice 6 INV-2026-0001 is aurora's draft, 1 INV-2025-0041 locked, 2 INV-2025-0052 paid; wallet 1
// is aurora's "Aurora BTC Custody". Writes are checked with plain SQL afterwards.
import { asRole, demo } from '../data-layer-client.ts';
import type { CorpusCase } from './corpus-case.ts';
import { runCorpus } from './run-corpus.ts';

const accounting = asRole('accounting', { 'x-data-user-id': 'demo-trent' });
const walletsAdmin = asRole('digital_wallets_admin', {
  'x-data-organization-id': demo.aurora,
  'x-data-user-id': 'demo-frank',
});
const userAdmin = asRole('client_user_admin', { 'x-data-organization-id': demo.aurora });
const admin = asRole(null);

/** An invoice_insert_input literal; `fields` replace or add fields (GraphQL refuses a field given twice). */
const invoice = (number: string, fields: Record<string, string> = {}) => {
  const all: Record<string, string> = {
    invoice_number: `"${number}"`,
    organization_id: `"${demo.aurora}"`,
    currency: '"EUR"',
    subtotal: '10',
    tax_total: '0',
    total: '10',
    ...fields,
  };
  return `{${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ')}}`;
};
const line = (position: number, description: string) =>
  `{position: ${position}, description: "${description}", quantity: 1, unit_price: 10, tax_rate: 0, amount: 10}`;

const cases: CorpusCase[] = [
  {
    name: 'an upsert without a conflict inserts the row, with the insert presets',
    hasura: 'docs: mutations/postgres/upsert — on_conflict inserts when no row conflicts',
    headers: accounting,
    query: `mutation { insert_invoice_one(object: ${invoice('INV-U-0001')}, on_conflict: {constraint: invoice_invoice_number_key, update_columns: [currency]}) { invoice_number currency status created_by } }`,
    expect: {
      data: {
        insert_invoice_one: {
          invoice_number: 'INV-U-0001',
          currency: 'EUR',
          status: 'draft',
          created_by: 'demo-trent',
        },
      },
    },
    then: {
      sql: "SELECT currency, status, created_by FROM invoice WHERE invoice_number = 'INV-U-0001'",
      rows: [{ currency: 'EUR', status: 'draft', created_by: 'demo-trent' }],
    },
  },
  {
    name: 'an upsert on a conflicting key updates only the update_columns and returns the updated row',
    hasura: 'docs: mutations/postgres/upsert — update selected columns on conflict',
    headers: accounting,
    query: `mutation { insert_invoice_one(object: ${invoice('INV-2026-0001', { subtotal: '99' })}, on_conflict: {constraint: invoice_invoice_number_key, update_columns: [currency]}) { id invoice_number currency created_by } }`,
    expect: {
      data: {
        insert_invoice_one: { id: 6, invoice_number: 'INV-2026-0001', currency: 'EUR', created_by: 'demo-trent' },
      },
    },
    then: {
      sql: "SELECT id, currency, subtotal::text FROM invoice WHERE invoice_number = 'INV-2026-0001'",
      rows: [{ id: 6, currency: 'EUR', subtotal: '4200.00' }],
    },
  },
  {
    name: 'update_columns: [] is DO NOTHING: the conflicting row is neither changed nor returned nor counted',
    hasura: 'docs: mutations/postgres/upsert — ignore request on conflict (update_columns: [])',
    headers: accounting,
    query: `mutation { insert_invoice(objects: [${invoice('INV-2025-0052')}], on_conflict: {constraint: invoice_invoice_number_key, update_columns: []}) { affected_rows returning { id } } }`,
    expect: { data: { insert_invoice: { affected_rows: 0, returning: [] } } },
    then: {
      sql: "SELECT currency, status FROM invoice WHERE invoice_number = 'INV-2025-0052'",
      rows: [{ currency: 'USD', status: 'paid' }],
    },
  },
  {
    name: "the update rule's filter stops an upsert of a row it does not match: unchanged, affected_rows 0",
    hasura:
      "docs: mutations/postgres/upsert — a table's update permissions are respected before updating an existing row",
    headers: accounting,
    query: `mutation { insert_invoice(objects: [${invoice('INV-2025-0041')}], on_conflict: {constraint: invoice_invoice_number_key, update_columns: [currency]}) { affected_rows returning { id } } }`,
    expect: { data: { insert_invoice: { affected_rows: 0, returning: [] } } },
    then: {
      sql: "SELECT currency, status FROM invoice WHERE invoice_number = 'INV-2025-0041'",
      rows: [{ currency: 'USD', status: 'locked' }],
    },
  },
  {
    name: "on_conflict's where limits which conflicting rows are updated",
    hasura: 'docs: mutations/postgres/upsert — conditional upsert with where',
    headers: accounting,
    query: `mutation {
      skipped: insert_invoice(objects: [${invoice('INV-2025-0052')}], on_conflict: {constraint: invoice_invoice_number_key, update_columns: [currency], where: {status: {_eq: "draft"}}}) { affected_rows }
      updated: insert_invoice(objects: [${invoice('INV-2026-0001', { currency: '"CHF"' })}], on_conflict: {constraint: invoice_invoice_number_key, update_columns: [currency], where: {status: {_eq: "draft"}}}) { affected_rows returning { currency } }
    }`,
    expect: {
      data: { skipped: { affected_rows: 0 }, updated: { affected_rows: 1, returning: [{ currency: 'CHF' }] } },
    },
    then: {
      sql: "SELECT invoice_number, currency FROM invoice WHERE invoice_number IN ('INV-2025-0052', 'INV-2026-0001') ORDER BY invoice_number",
      rows: [
        { invoice_number: 'INV-2025-0052', currency: 'USD' },
        { invoice_number: 'INV-2026-0001', currency: 'CHF' },
      ],
    },
  },
  {
    name: 'one upsert of several rows inserts one and updates another; affected_rows counts both',
    hasura: 'docs: mutations/postgres/upsert — bulk upsert',
    headers: accounting,
    query: `mutation { insert_invoice(objects: [${invoice('INV-U-0002')}, ${invoice('INV-2026-0001', { currency: '"GBP"' })}], on_conflict: {constraint: invoice_invoice_number_key, update_columns: [currency]}) { affected_rows returning { invoice_number currency } } }`,
    expect: {
      data: {
        insert_invoice: {
          affected_rows: 2,
          returning: [
            { invoice_number: 'INV-U-0002', currency: 'EUR' },
            { invoice_number: 'INV-2026-0001', currency: 'GBP' },
          ],
        },
      },
    },
  },
  {
    name: 'on_conflict given as a variable',
    hasura: 'docs: mutations/postgres/upsert — on_conflict is an ordinary input object',
    headers: accounting,
    query:
      'mutation ($conflict: invoice_on_conflict) { insert_invoice_one(object: {invoice_number: "INV-2026-0001", organization_id: "11111111-0000-4000-8000-000000000001", currency: "JPY", subtotal: 1, tax_total: 0, total: 1}, on_conflict: $conflict) { currency } }',
    variables: { conflict: { constraint: 'invoice_invoice_number_key', update_columns: ['currency'] } },
    expect: { data: { insert_invoice_one: { currency: 'JPY' } } },
  },
  {
    name: 'an update column outside the update rule is an unknown enum value',
    hasura: "docs: mutations/postgres/upsert — update_columns lists the role's updatable columns",
    headers: accounting,
    query: `mutation { insert_invoice_one(object: ${invoice('INV-U-0003')}, on_conflict: {constraint: invoice_invoice_number_key, update_columns: [invoice_number]}) { id } }`,
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: "value 'invoice_number' not found in enum 'invoice_update_column' (unknown value or no permission)",
      },
    },
  },
  {
    name: 'a role without an update rule on the table has no on_conflict argument',
    hasura: 'docs: mutations/postgres/upsert — only tables with update permissions are upsertable',
    headers: accounting,
    query:
      'mutation { insert_receipt_one(object: {receipt_number: "R-1"}, on_conflict: {constraint: receipt_pkey}) { id } }',
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message:
          "argument 'on_conflict' not found on field 'mutation_root.insert_receipt_one' (unknown argument or no permission)",
      },
    },
  },
  {
    name: "the insert rule's check still holds for rows an upsert inserts",
    hasura: 'docs: mutations/postgres/upsert — the insert permission check applies to inserted rows',
    headers: asRole('investor', { 'x-data-user-id': 'demo-carol', 'x-data-allowed-funds': '{}' }),
    query:
      'mutation { insert_fund_subscription_one(object: {fund_id: 1, subscription_amount: "10"}, on_conflict: {constraint: fund_subscription_pkey, update_columns: [status]}) { id } }',
    expect: {
      error: {
        code: 'FORBIDDEN',
        message:
          "check constraint of an insert permission has failed for 'fund_subscription' in 'insert_fund_subscription_one'; nothing was written (permission check)",
      },
    },
    then: {
      sql: "SELECT id FROM fund_subscription WHERE user_id = 'demo-carol' AND subscription_amount = 10",
      rows: [],
    },
  },
  {
    name: "the constraint enum lists the table's unique and primary-key constraints",
    hasura: 'docs: mutations/postgres/upsert — constraint names are generated as enum values',
    headers: accounting,
    query: '{ __type(name: "invoice_constraint") { enumValues { name } } }',
    expect: {
      data: { __type: { enumValues: [{ name: 'invoice_invoice_number_key' }, { name: 'invoice_pkey' }] } },
    },
  },
  {
    name: 'an array relationship inserts the children after the row, their join column filled from it',
    hasura: 'docs: mutations/postgres/insert — insert an object along with its related objects (array relationship)',
    headers: accounting,
    query: `mutation { insert_invoice(objects: [${invoice('INV-N-0001', { lines: `{data: [${line(1, 'setup')}, ${line(2, 'support')}]}` })}]) { affected_rows returning { invoice_number created_by lines(order_by: {position: asc}) { position description } } } }`,
    expect: {
      data: {
        insert_invoice: {
          affected_rows: 3,
          returning: [
            {
              invoice_number: 'INV-N-0001',
              created_by: 'demo-trent',
              lines: [
                { position: 1, description: 'setup' },
                { position: 2, description: 'support' },
              ],
            },
          ],
        },
      },
    },
    then: {
      sql: "SELECT l.position, l.description FROM invoice_line l JOIN invoice i ON i.id = l.invoice_id WHERE i.invoice_number = 'INV-N-0001' ORDER BY l.position",
      rows: [
        { position: 1, description: 'setup' },
        { position: 2, description: 'support' },
      ],
    },
  },
  {
    name: "an object relationship inserts the parent first; the child's check sees it through the relationship",
    hasura: 'docs: mutations/postgres/insert — insert an object along with its related objects (object relationship)',
    headers: accounting,
    query: `mutation { insert_invoice_line_one(object: {${line(1, 'audit').slice(1, -1)}, invoice: {data: ${invoice('INV-N-0002')}}}) { description invoice { invoice_number status created_by } } }`,
    expect: {
      data: {
        insert_invoice_line_one: {
          description: 'audit',
          invoice: { invoice_number: 'INV-N-0002', status: 'draft', created_by: 'demo-trent' },
        },
      },
    },
    then: {
      sql: "SELECT i.invoice_number FROM invoice_line l JOIN invoice i ON i.id = l.invoice_id WHERE l.description = 'audit'",
      rows: [{ invoice_number: 'INV-N-0002' }],
    },
  },
  {
    name: "a nested parent's insert check applies: a failing parent writes nothing",
    hasura: "docs: mutations/postgres/insert — nested inserts follow each table's insert permission",
    headers: walletsAdmin,
    query:
      'mutation { insert_digital_wallet_address_one(object: {address: "bc1never", network: "bitcoin", wallet: {data: {label: "Never", coin: "BTC", wallet_type: "custodial", owner_user_id: "demo-grace"}}}) { id } }',
    expect: {
      error: {
        code: 'FORBIDDEN',
        message:
          "check constraint of an insert permission has failed for 'digital_wallet' in 'insert_digital_wallet_address_one'; nothing was written (permission check)",
      },
    },
    then: { sql: "SELECT id FROM digital_wallet WHERE label = 'Never'", rows: [] },
  },
  {
    name: "a nested child's check fails: the parent inserted before it is rolled back too",
    hasura: "docs: mutations/postgres/insert — nested inserts run in one transaction; each table's check applies",
    headers: userAdmin,
    query:
      'mutation { insert_app_user_one(object: {id: "corpus-nested-1", email: "nested1@example.com", first_name: "N", last_name: "One", memberships: {data: [{role: "organization_admin"}]}}) { id } }',
    expect: {
      error: {
        code: 'FORBIDDEN',
        message:
          "check constraint of an insert permission has failed for 'organization_membership' in 'insert_app_user_one'; nothing was written (permission check)",
      },
    },
    then: { sql: "SELECT id FROM app_user WHERE id = 'corpus-nested-1'", rows: [] },
  },
  {
    name: "nested rows get their own rule's presets (the membership's organization from the session)",
    hasura: "docs: mutations/postgres/insert — each nested table's column presets apply",
    headers: userAdmin,
    query:
      'mutation { insert_app_user_one(object: {id: "corpus-nested-2", email: "nested2@example.com", first_name: "N", last_name: "Two", memberships: {data: [{role: "investor"}]}}) { id organization_id memberships { role organization_id } } }',
    expect: {
      data: {
        insert_app_user_one: {
          id: 'corpus-nested-2',
          organization_id: demo.aurora,
          memberships: [{ role: 'investor', organization_id: demo.aurora }],
        },
      },
    },
    then: {
      sql: "SELECT organization_id::text, user_id, role FROM organization_membership WHERE user_id = 'corpus-nested-2'",
      rows: [{ organization_id: demo.aurora, user_id: 'corpus-nested-2', role: 'investor' }],
    },
  },
  {
    name: 'the join column a relationship fills may not be given too',
    hasura: 'hasura test-suite: insert/nested — cannot insert a relationship column the relationship determines',
    headers: walletsAdmin,
    query:
      'mutation { insert_digital_wallet_one(object: {label: "W", coin: "BTC", wallet_type: "custodial", addresses: {data: [{address: "bc1corpus", network: "bitcoin", wallet_id: 1}]}}) { id } }',
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message:
          "column 'wallet_id' of 'digital_wallet_address' is filled by the relationship 'addresses'; leave it out",
      },
    },
    then: { sql: "SELECT id FROM digital_wallet WHERE label = 'W'", rows: [] },
  },
  {
    name: 'a nested insert into a table the role may not insert into does not exist',
    hasura:
      'docs: mutations/postgres/insert — relationship fields of the insert input need insert permission on the remote table',
    headers: walletsAdmin,
    query:
      'mutation { insert_digital_wallet_one(object: {label: "W", coin: "BTC", wallet_type: "custodial", owner: {data: {id: "x"}}}) { id } }',
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: "field 'owner' not found in type 'digital_wallet_insert_input' (unknown field or no permission)",
      },
    },
  },
  {
    name: 'a nested relationship input has no on_conflict when the role may not update the remote table',
    hasura: 'docs: mutations/postgres/upsert — upsert in nested mutations needs update permission too',
    headers: walletsAdmin,
    query:
      'mutation { insert_digital_wallet_one(object: {label: "W", coin: "BTC", wallet_type: "custodial", addresses: {data: [], on_conflict: {constraint: digital_wallet_address_pkey}}}) { id } }',
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message:
          "field 'on_conflict' not found in type 'digital_wallet_address_arr_rel_insert_input' (unknown field or no permission)",
      },
    },
  },
  {
    name: "nested array inserts with the child's rule: addresses of a new wallet, the wallet's presets",
    hasura: 'docs: mutations/postgres/insert — insert an object along with its related objects (array relationship)',
    headers: walletsAdmin,
    query:
      'mutation { insert_digital_wallet_one(object: {label: "Corpus nested", coin: "BTC", wallet_type: "custodial", addresses: {data: [{address: "bc1corpus1", network: "bitcoin"}, {address: "bc1corpus2", network: "bitcoin"}]}}) { label created_by addresses(order_by: {address: asc}) { address } } }',
    expect: {
      data: {
        insert_digital_wallet_one: {
          label: 'Corpus nested',
          created_by: 'demo-frank',
          addresses: [{ address: 'bc1corpus1' }, { address: 'bc1corpus2' }],
        },
      },
    },
    then: {
      sql: "SELECT w.organization_id::text, a.address FROM digital_wallet_address a JOIN digital_wallet w ON w.id = a.wallet_id WHERE w.label = 'Corpus nested' ORDER BY a.address",
      rows: [
        { organization_id: demo.aurora, address: 'bc1corpus1' },
        { organization_id: demo.aurora, address: 'bc1corpus2' },
      ],
    },
  },
  {
    name: 'an object relationship whose upsert writes no row stops the insert (nothing to refer to)',
    hasura:
      'hasura test-suite: insert/nested — cannot proceed to insert object relation since insert to table affects zero rows',
    headers: accounting,
    query: `mutation { insert_invoice_line_one(object: {${line(9, 'orphan').slice(1, -1)}, invoice: {data: ${invoice('INV-2025-0052')}, on_conflict: {constraint: invoice_invoice_number_key, update_columns: []}}}) { id } }`,
    expect: {
      error: {
        code: 'BAD_REQUEST',
        message: "cannot proceed to insert object relation 'invoice' since insert to table 'invoice' affects zero rows",
      },
    },
    then: { sql: "SELECT id FROM invoice_line WHERE description = 'orphan'", rows: [] },
  },
  {
    name: 'a nested array insert with its own on_conflict upserts the children of an upserted row',
    hasura: 'docs: mutations/postgres/upsert — upsert in nested mutations',
    headers: accounting,
    query: `mutation { insert_invoice_one(object: ${invoice('INV-2026-0001', {
      lines: `{data: [${line(2, 'renamed')}, ${line(3, 'added')}], on_conflict: {constraint: invoice_line_invoice_id_position_key, update_columns: [description]}}`,
    })}, on_conflict: {constraint: invoice_invoice_number_key, update_columns: [currency]}) { id currency lines(order_by: {position: asc}) { position description } } }`,
    expect: {
      data: {
        insert_invoice_one: {
          id: 6,
          currency: 'EUR',
          lines: [
            { position: 1, description: 'Digital asset custody, 4 wallets, January–March 2026' },
            { position: 2, description: 'renamed' },
            { position: 3, description: 'added' },
          ],
        },
      },
    },
    then: {
      sql: 'SELECT position, description FROM invoice_line WHERE invoice_id = 6 ORDER BY position',
      rows: [
        { position: 1, description: 'Digital asset custody, 4 wallets, January–March 2026' },
        { position: 2, description: 'renamed' },
        { position: 3, description: 'added' },
      ],
    },
  },
  {
    name: 'admin inserts through relationships with no rule at all',
    hasura: 'docs: mutations/postgres/insert — admin inserts nested objects',
    headers: admin,
    query:
      'mutation { insert_quote_one(object: {quote_number: "Q-CORPUS-1", organization_id: "11111111-0000-4000-8000-000000000001", currency: "EUR", subtotal: 1, tax_total: 0, total: 1, lines: {data: [{position: 1, description: "x", quantity: 1, unit_price: 1, tax_rate: 0, amount: 1}]}}) { quote_number lines { position } } }',
    expect: { data: { insert_quote_one: { quote_number: 'Q-CORPUS-1', lines: [{ position: 1 }] } } },
    then: {
      sql: "SELECT count(*)::int AS lines FROM quote_line l JOIN quote q ON q.id = l.quote_id WHERE q.quote_number = 'Q-CORPUS-1'",
      rows: [{ lines: 1 }],
    },
  },
];

runCorpus('hasura corpus: upserts and nested inserts', cases);

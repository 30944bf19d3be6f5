// Corpus: aggregates (docs/data-layer.md#aggregates): `<rel>_aggregate` on array relationships,
// `order_by` on an array relationship's aggregate, the statistics functions, and the rule's
// `limit`, which caps `nodes` but not the aggregates. Expected values derived by hand from the demo
// seed (src/db/seed/); the statistics are also computed by PostgreSQL in the case's `then`.
import { asRole, demo } from '../data-layer-client.ts';
import type { CorpusCase } from './corpus-case.ts';
import { runCorpus } from './run-corpus.ts';

const orgAdmin = asRole('organization_admin', { 'x-data-organization-id': demo.aurora });
const familyOffice = asRole('family_office', { 'x-data-organization-id': demo.aurora });
const fundManager = asRole('fund_manager', { 'x-data-organization-id': demo.northbridge });
const frontOffice = asRole('front_office');
const compliance = asRole('compliance');
const auditor = asRole('auditor');

const aggregation = 'docs: queries/postgres/aggregation-queries';
const sorting = 'docs: queries/postgres/sorting — sorting by array relationship aggregates';

/** The statistics of fund_subscription.subscription_amount per fund, as PostgreSQL computes them. */
const statisticsSql = `SELECT fund_id, stddev(subscription_amount)::text AS stddev, stddev_pop(subscription_amount)::text AS stddev_pop,
  stddev_samp(subscription_amount)::text AS stddev_samp, variance(subscription_amount)::text AS variance,
  var_pop(subscription_amount)::text AS var_pop, var_samp(subscription_amount)::text AS var_samp
  FROM fund_subscription GROUP BY fund_id ORDER BY fund_id`;

const fund1Statistics = {
  stddev: '116761.86592091',
  stddev_pop: '95335.66430717',
  stddev_samp: '116761.86592091',
  variance: '13633333333.33333333',
  var_pop: '9088888888.88888889',
  var_samp: '13633333333.33333333',
};
const fund2Statistics = {
  stddev: '52041.64998665',
  stddev_pop: '42491.82927994',
  stddev_samp: '52041.64998665',
  variance: '2708333333.33333333',
  var_pop: '1805555555.55555556',
  var_samp: '2708333333.33333333',
};
// One row: the sample statistics are NULL, the population ones 0.
const fund3Statistics = {
  stddev: null,
  stddev_pop: '0',
  stddev_samp: null,
  variance: null,
  var_pop: '0',
  var_samp: null,
};

const statisticsSelection = (column: string) =>
  ['stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp']
    .map((fn) => `${fn} { ${column} }`)
    .join(' ');

/** `{ stddev: { subscription_amount: … }, … }` from `{ stddev: …, … }`. */
const byFunction = (column: string, values: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(values).map(([fn, value]) => [fn, { [column]: value }]));

const fillerRows = 1000;

const cases: CorpusCase[] = [
  {
    name: 'a nested aggregate counts and sums the related rows, beside its nodes',
    hasura: `${aggregation} — nested aggregate queries (<rel>_aggregate on an array relationship)`,
    headers: orgAdmin,
    query:
      '{ organization { name digital_wallets_aggregate { aggregate { count sum { id } max { label } } nodes { id } } } }',
    expect: {
      data: {
        organization: [
          {
            name: 'Aurora Family Office AG',
            digital_wallets_aggregate: {
              aggregate: { count: 4, sum: { id: '10' }, max: { label: 'Aurora Smart Wallet' } },
              nodes: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }],
            },
          },
        ],
      },
    },
  },
  {
    name: 'a nested aggregate takes where: only the hot wallets are counted and summed',
    hasura: `${aggregation} — <rel>_aggregate takes the relationship's arguments (where)`,
    headers: orgAdmin,
    query:
      '{ organization { digital_wallets_aggregate(where: {wallet_type: {_eq: "hot"}}) { aggregate { count sum { id } } nodes { label } } } }',
    expect: {
      data: {
        organization: [
          {
            digital_wallets_aggregate: {
              aggregate: { count: 2, sum: { id: '6' } },
              nodes: [{ label: 'Aurora ETH Treasury' }, { label: 'Aurora AVAX (legacy)' }],
            },
          },
        ],
      },
    },
  },
  {
    name: 'order_by and limit on a nested aggregate: the aggregate covers the page only',
    hasura: `${aggregation} — limit and offset apply before aggregating (the client's limit, not the rule's)`,
    headers: orgAdmin,
    query:
      '{ organization { top: digital_wallets_aggregate(order_by: {label: asc}, limit: 2) { aggregate { count sum { id } } nodes { id } } rest: digital_wallets_aggregate(order_by: {label: asc}, offset: 2) { aggregate { count min { id } } nodes { id } } } }',
    expect: {
      data: {
        organization: [
          {
            top: { aggregate: { count: 2, sum: { id: '5' } }, nodes: [{ id: 4 }, { id: 1 }] },
            rest: { aggregate: { count: 2, min: { id: 2 } }, nodes: [{ id: 2 }, { id: 3 }] },
          },
        ],
      },
    },
  },
  {
    name: 'distinct_on and count(columns, distinct) on a nested aggregate',
    hasura: `${aggregation} — count(columns, distinct) and distinct_on`,
    headers: orgAdmin,
    query:
      '{ organization { a: digital_wallets_aggregate(distinct_on: coin) { aggregate { count } } b: digital_wallets_aggregate { aggregate { coins: count(columns: coin, distinct: true) all: count(columns: coin) } } } }',
    expect: {
      data: {
        organization: [{ a: { aggregate: { count: 3 } }, b: { aggregate: { coins: 3, all: 4 } } }],
      },
    },
  },
  {
    name: "a nested aggregate applies the related table's row filter: family_office counts only its own investors' subscriptions",
    hasura:
      "docs: auth/authorization/permissions/row-level-permissions — the remote table's select filter applies to relationship aggregates",
    headers: familyOffice,
    query:
      '{ fund(order_by: {id: asc}) { id subscriptions_aggregate { aggregate { count sum { subscription_amount } } nodes { id } } } }',
    expect: {
      data: {
        fund: [
          {
            id: 1,
            subscriptions_aggregate: {
              aggregate: { count: 2, sum: { subscription_amount: '270000.00' } },
              nodes: [{ id: 1 }, { id: 5 }],
            },
          },
          {
            id: 2,
            subscriptions_aggregate: {
              aggregate: { count: 1, sum: { subscription_amount: '50000.00' } },
              nodes: [{ id: 3 }],
            },
          },
          {
            id: 3,
            subscriptions_aggregate: {
              aggregate: { count: 1, sum: { subscription_amount: '400000.00' } },
              nodes: [{ id: 7 }],
            },
          },
        ],
      },
    },
  },
  {
    name: 'a role without allow_aggregations on the related table has no <rel>_aggregate field',
    hasura: 'docs: auth/authorization/permissions/aggregation-permissions — aggregate fields need allow_aggregations',
    headers: compliance,
    query: '{ organization { digital_wallets_aggregate { aggregate { count } } } }',
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: "field 'digital_wallets_aggregate' not found in type 'organization' (unknown field or no permission)",
      },
    },
  },
  {
    name: 'nor may it sort by that aggregate',
    hasura:
      'docs: auth/authorization/permissions/aggregation-permissions — <rel>_aggregate in order_by needs allow_aggregations too',
    headers: compliance,
    query: '{ organization(order_by: {digital_wallets_aggregate: {count: desc}}) { id } }',
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message:
          "field 'digital_wallets_aggregate' not found in type 'organization_order_by' (unknown field or no permission)",
      },
    },
  },
  {
    name: 'order_by the count of an array relationship',
    hasura: `${sorting} (order_by: {<rel>_aggregate: {count: desc}})`,
    headers: frontOffice,
    query:
      '{ organization(order_by: {digital_wallets_aggregate: {count: desc}}) { name digital_wallets_aggregate { aggregate { count } } } }',
    expect: {
      data: {
        organization: [
          { name: 'Aurora Family Office AG', digital_wallets_aggregate: { aggregate: { count: 4 } } },
          { name: 'Meridian Digital Assets Ltd', digital_wallets_aggregate: { aggregate: { count: 3 } } },
          { name: 'Northbridge Fund Services S.A.', digital_wallets_aggregate: { aggregate: { count: 1 } } },
        ],
      },
    },
  },
  {
    name: 'order_by min of a text column, the tie broken by the next key',
    hasura: `${sorting} (min/max on comparable columns; later keys break ties)`,
    headers: frontOffice,
    query: '{ organization(order_by: [{digital_wallets_aggregate: {min: {coin: asc}}}, {name: desc}]) { name } }',
    expect: {
      data: {
        organization: [
          { name: 'Aurora Family Office AG' },
          { name: 'Northbridge Fund Services S.A.' },
          { name: 'Meridian Digital Assets Ltd' },
        ],
      },
    },
  },
  {
    name: 'order_by count with a tie, and by sum',
    hasura: `${sorting} (count and sum keys)`,
    headers: fundManager,
    query:
      '{ by_count: fund(order_by: [{subscriptions_aggregate: {count: desc}}, {id: desc}]) { id } by_sum: fund(order_by: {subscriptions_aggregate: {sum: {subscription_amount: desc}}}) { id } }',
    expect: { data: { by_count: [{ id: 2 }, { id: 1 }, { id: 3 }], by_sum: [{ id: 3 }, { id: 1 }, { id: 2 }] } },
  },
  {
    name: 'an aggregate order_by counts only the related rows the role may read',
    hasura: `${sorting} — the remote table's select filter applies inside the sort key`,
    headers: familyOffice,
    query:
      '{ fund(order_by: [{subscriptions_aggregate: {count: desc}}, {id: desc}]) { id subscriptions_aggregate { aggregate { count } } } }',
    expect: {
      data: {
        fund: [
          { id: 1, subscriptions_aggregate: { aggregate: { count: 2 } } },
          { id: 3, subscriptions_aggregate: { aggregate: { count: 1 } } },
          { id: 2, subscriptions_aggregate: { aggregate: { count: 1 } } },
        ],
      },
    },
  },
  {
    name: "an array relationship sorted by its rows' own aggregate, with nested aggregates in nodes",
    hasura: `${sorting} — order_by on a nested array relationship; ${aggregation} inside nodes`,
    headers: orgAdmin,
    query:
      '{ organization { digital_wallets(order_by: [{assets_aggregate: {count: desc}}, {id: asc}]) { id } digital_wallets_aggregate(order_by: {id: asc}) { nodes { id assets_aggregate { aggregate { count } } } } } }',
    expect: {
      data: {
        organization: [
          {
            digital_wallets: [{ id: 2 }, { id: 3 }, { id: 1 }, { id: 4 }],
            digital_wallets_aggregate: {
              nodes: [
                { id: 1, assets_aggregate: { aggregate: { count: 1 } } },
                { id: 2, assets_aggregate: { aggregate: { count: 3 } } },
                { id: 3, assets_aggregate: { aggregate: { count: 2 } } },
                { id: 4, assets_aggregate: { aggregate: { count: 1 } } },
              ],
            },
          },
        ],
      },
    },
  },
  {
    name: 'stddev, stddev_pop, stddev_samp, variance, var_pop, var_samp of a numeric column: exact decimal strings',
    hasura: `${aggregation} — the statistics functions (as numeric strings: docs/data-layer.md#aggregates)`,
    headers: fundManager,
    query: `{ fund(order_by: {id: asc}) { id subscriptions_aggregate { aggregate { ${statisticsSelection('subscription_amount')} } } } }`,
    expect: {
      data: {
        fund: [
          { id: 1, subscriptions_aggregate: { aggregate: byFunction('subscription_amount', fund1Statistics) } },
          { id: 2, subscriptions_aggregate: { aggregate: byFunction('subscription_amount', fund2Statistics) } },
          { id: 3, subscriptions_aggregate: { aggregate: byFunction('subscription_amount', fund3Statistics) } },
        ],
      },
    },
    then: {
      sql: statisticsSql,
      rows: [
        { fund_id: 1, ...fund1Statistics },
        { fund_id: 2, ...fund2Statistics },
        { fund_id: 3, ...fund3Statistics },
      ],
    },
  },
  {
    name: 'the statistics of an integer column are numeric, not float',
    hasura: `${aggregation} — stddev/variance of an int column (PostgreSQL answers numeric)`,
    headers: fundManager,
    query:
      '{ fund_subscription_aggregate { aggregate { stddev { id } stddev_pop { id } var_pop { id } var_samp { id } } } }',
    expect: {
      data: {
        fund_subscription_aggregate: {
          aggregate: {
            stddev: { id: '2.1602468994692868' },
            stddev_pop: { id: '2.0000000000000000' },
            var_pop: { id: '4.0000000000000000' },
            var_samp: { id: '4.6666666666666667' },
          },
        },
      },
    },
    then: {
      sql: 'SELECT stddev(id)::text AS stddev, stddev_pop(id)::text AS stddev_pop, var_pop(id)::text AS var_pop, var_samp(id)::text AS var_samp FROM fund_subscription',
      rows: [
        {
          stddev: '2.1602468994692868',
          stddev_pop: '2.0000000000000000',
          var_pop: '4.0000000000000000',
          var_samp: '4.6666666666666667',
        },
      ],
    },
  },
  {
    name: 'over no rows: count 0, every function null, nodes empty (nested and root)',
    hasura: `${aggregation} — aggregates of an empty set are null, count is 0`,
    headers: fundManager,
    query:
      '{ fund(where: {id: {_eq: 1}}) { subscriptions_aggregate(where: {status: {_eq: "none"}}) { aggregate { count sum { subscription_amount } avg { subscription_amount } stddev { subscription_amount } var_pop { subscription_amount } max { status } } nodes { id } } } fund_subscription_aggregate(where: {id: {_lt: 0}}) { aggregate { count variance { id } min { id } } nodes { id } } }',
    expect: {
      data: {
        fund: [
          {
            subscriptions_aggregate: {
              aggregate: {
                count: 0,
                sum: { subscription_amount: null },
                avg: { subscription_amount: null },
                stddev: { subscription_amount: null },
                var_pop: { subscription_amount: null },
                max: { status: null },
              },
              nodes: [],
            },
          },
        ],
        fund_subscription_aggregate: { aggregate: { count: 0, variance: { id: null }, min: { id: null } }, nodes: [] },
      },
    },
  },
  {
    name: "the rule's limit caps nodes, not aggregate.count",
    hasura:
      'docs: auth/authorization/permissions/row-fetch-limit — the limit bounds the rows returned; aggregates see every row the filter allows (graphql-engine tests: permission limit not applied to aggregate fields)',
    headers: auditor,
    given: [
      `INSERT INTO audit_log (action, resource_type) SELECT 'corpus.filler', 'corpus' FROM generate_series(1, ${fillerRows})`,
    ],
    query: '{ audit_log_aggregate(order_by: {id: asc}) { aggregate { count max { id } } nodes { id } } }',
    expect: {
      data: {
        audit_log_aggregate: {
          aggregate: { count: fillerRows + 4, max: { id: String(fillerRows + 4) } },
          nodes: Array.from({ length: 1000 }, (_, index) => ({ id: String(index + 1) })),
        },
      },
    },
    then: { sql: 'SELECT count(*)::int AS count FROM audit_log', rows: [{ count: fillerRows + 4 }] },
  },
  {
    name: "the client's limit bounds the aggregate; the rule's limit still caps nodes below it",
    hasura: `${aggregation} — a limit argument applies to the aggregated rows; the row fetch limit to nodes only`,
    headers: auditor,
    query:
      '{ a: audit_log_aggregate(limit: 1002) { aggregate { count } } b: audit_log_aggregate(order_by: {id: desc}, limit: 1003) { aggregate { count min { id } } nodes { id } } c: audit_log(order_by: {id: asc}, offset: 999) { id } }',
    expect: {
      data: {
        a: { aggregate: { count: 1002 } },
        b: {
          aggregate: { count: 1003, min: { id: '2' } },
          nodes: Array.from({ length: 1000 }, (_, index) => ({ id: String(fillerRows + 4 - index) })),
        },
        c: Array.from({ length: 5 }, (_, index) => ({ id: String(1000 + index) })),
      },
    },
  },
  {
    name: 'a relationship aggregate selecting only __typename is one object per parent, whatever its row count',
    hasura: `${aggregation} — an aggregate field is one object, also when it selects only __typename`,
    headers: auditor,
    query: `{ invoice_line_by_pk(id: 5) { invoice { lines_aggregate(offset: 0) { __typename } none: lines_aggregate(where: {id: {_eq: -1}}) { __typename } } } }`,
    expect: {
      data: {
        invoice_line_by_pk: {
          invoice: {
            lines_aggregate: { __typename: 'invoice_line_aggregate' },
            none: { __typename: 'invoice_line_aggregate' },
          },
        },
      },
    },
  },
];

runCorpus('hasura corpus: aggregates', cases);

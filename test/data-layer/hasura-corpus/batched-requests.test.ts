// Corpus: batched requests on POST /v1/graphql (docs/data-layer.md#batched-requests): a JSON array
// of requests answered by an array of answers, each element run on its own, in order.
import { asRole, demo } from '../data-layer-client.ts';
import type { CorpusCase } from './corpus-case.ts';
import { runCorpus } from './run-corpus.ts';

const orgAdmin = asRole('organization_admin', {
  'x-data-organization-id': demo.aurora,
  'x-data-user-id': 'demo-alice',
});
const batching =
  'graphql-engine: batched queries over HTTP — an array of requests is answered by an array of responses, each request run in order';

/** Requests a minute for this file's service: the last case spends what is left with one batch. */
const rateLimit = 30;

const cases: CorpusCase[] = [
  {
    name: 'two queries answer two results, in order',
    hasura: batching,
    headers: orgAdmin,
    query: '',
    batch: [
      { query: '{ organization { name } }' },
      { query: 'query Wallet($id: Int!) { digital_wallet_by_pk(id: $id) { label } }', variables: { id: 2 } },
    ],
    expect: {
      body: [
        { data: { organization: [{ name: 'Aurora Family Office AG' }] } },
        { data: { digital_wallet_by_pk: { label: 'Aurora ETH Treasury' } } },
      ],
    },
  },
  {
    name: "an element's GraphQL error stays in its element; the others still run",
    hasura: `${batching}; an element's error is that element's {"errors": …}`,
    headers: orgAdmin,
    query: '',
    batch: [
      { query: '{ organization { internal_notes } }' },
      { query: '{ organization { slug } }', operationName: null },
    ],
    expect: {
      body: [
        {
          errors: [
            {
              message: "field 'internal_notes' not found in type 'organization' (unknown field or no permission)",
              extensions: {
                code: 'VALIDATION_FAILED',
                path: '$.selectionSet.organization.selectionSet.internal_notes',
              },
            },
          ],
        },
        { data: { organization: [{ slug: 'aurora-family-office' }] } },
      ],
    },
  },
  {
    name: 'mutations are not combined: each element is its own transaction, and a later one sees an earlier write',
    hasura: `${batching}; each mutation request commits on its own`,
    headers: orgAdmin,
    query: '',
    batch: [
      {
        query:
          'mutation { update_digital_wallet_by_pk(pk_columns: {id: 3}, _set: {label: "Batched label"}) { id label } }',
      },
      { query: '{ digital_wallet_by_pk(id: 3) { label } }' },
      { query: 'mutation { update_digital_wallet_by_pk(pk_columns: {id: 1}, _set: {label: ""}) { id } }' },
    ],
    expect: {
      body: [
        { data: { update_digital_wallet_by_pk: { id: 3, label: 'Batched label' } } },
        { data: { digital_wallet_by_pk: { label: 'Batched label' } } },
        {
          errors: [
            {
              message:
                "check constraint 'digital_wallet_label_check' of 'digital_wallet' is violated by the written row",
              extensions: { code: 'BAD_REQUEST', path: '$' },
            },
          ],
        },
      ],
    },
    then: {
      sql: 'SELECT id, label FROM digital_wallet WHERE id IN (1, 3) ORDER BY id',
      rows: [
        { id: 1, label: 'Aurora BTC Custody' },
        { id: 3, label: 'Batched label' },
      ],
    },
  },
  {
    name: 'an empty batch answers an empty array',
    hasura: `${batching} (no requests, no responses)`,
    headers: orgAdmin,
    query: '',
    batch: [],
    expect: { body: [] },
  },
  {
    name: 'a session variable a rule needs, missing, fails its element only',
    hasura: `${batching}; a per-request error stays in its element`,
    headers: asRole('organization_admin'),
    query: '',
    batch: [{ query: '{ organization { id } }' }, { query: '{ __typename }' }],
    expect: {
      body: [
        {
          errors: [
            {
              message:
                "role 'organization_admin' needs session variable header X-Data-Organization-Id, which the request does not carry (the rules behind 'organization' use it)",
              extensions: { code: 'BAD_REQUEST', path: '$' },
            },
          ],
        },
        { data: { __typename: 'query_root' } },
      ],
    },
  },
  {
    name: 'a batch of more than 20 requests is refused whole, before any runs',
    hasura: 'deliberate limit (docs/data-layer.md#batched-requests): Hasura sets no batch length',
    headers: orgAdmin,
    query: '',
    batch: Array.from({ length: 21 }, () => ({
      query: 'mutation { update_digital_wallet_by_pk(pk_columns: {id: 2}, _set: {label: "Too many"}) { id } }',
    })),
    expect: {
      status: 400,
      body: {
        errors: [
          {
            message: 'a batch holds at most 20 requests, this one 21; send several batches',
            extensions: { code: 'BAD_REQUEST', path: '$' },
          },
        ],
      },
    },
    then: { sql: "SELECT count(*)::int AS n FROM digital_wallet WHERE label = 'Too many'", rows: [{ n: 0 }] },
  },
  {
    name: 'an element that is not a request refuses the whole body',
    hasura: 'graphql-engine: a body that does not parse as a request or an array of requests is refused (400)',
    headers: orgAdmin,
    query: '',
    batch: [{ query: '{ __typename }' }, { variables: {} }],
    expect: {
      status: 400,
      body: {
        errors: [
          { message: '"query" must be a non-empty string', extensions: { code: 'BAD_REQUEST', path: '$[1].query' } },
        ],
      },
    },
  },
  {
    name: 'each element counts against the rate limit: a batch beyond what is left is refused before any runs',
    hasura: 'deliberate (docs/data-layer.md#batched-requests): each element is one request of API_RATE_LIMIT',
    headers: orgAdmin,
    query: '',
    batch: Array.from({ length: 20 }, () => ({
      query: 'mutation { update_digital_wallet_by_pk(pk_columns: {id: 2}, _set: {label: "Rate limited"}) { id } }',
    })),
    expect: {
      status: 429,
      error: { code: 'RATE_LIMITED', message: /^Too many requests: the api limit is 30 per 60 seconds;/ },
    },
    then: { sql: "SELECT count(*)::int AS n FROM digital_wallet WHERE label = 'Rate limited'", rows: [{ n: 0 }] },
  },
];

runCorpus('hasura corpus: batched requests', cases, { API_RATE_LIMIT: String(rateLimit) });

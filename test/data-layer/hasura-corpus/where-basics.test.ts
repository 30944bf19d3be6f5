// Corpus: the boolean-expression basics the data layer already followed before the operator
// extensions (docs/data-layer.md#the-schema-of-a-role), in the corpus's form.
import { asRole, demo } from '../data-layer-client.ts';
import type { CorpusCase } from './corpus-case.ts';
import { runCorpus } from './run-corpus.ts';

const orgAdmin = asRole('organization_admin', { 'x-data-organization-id': demo.aurora });

const cases: CorpusCase[] = [
  {
    name: '_or of an empty list matches no row',
    hasura: 'docs: queries/postgres/filters/boolean-operators — an empty _or is false',
    headers: orgAdmin,
    query: '{ organization(where: {_or: []}) { id } }',
    expect: { data: { organization: [] } },
  },
  {
    name: '_and of an empty list and an empty where match every row the rule lets through',
    hasura: 'docs: queries/postgres/filters/boolean-operators — {} and _and: [] are true',
    headers: orgAdmin,
    query: '{ a: organization(where: {_and: []}) { id } b: organization(where: {}) { id } }',
    expect: { data: { a: [{ id: demo.aurora }], b: [{ id: demo.aurora }] } },
  },
  {
    name: 'a null operand is refused rather than dropped',
    hasura: 'deliberate difference (docs/data-layer.md, semantics): Hasura drops `_eq: null` and matches every row',
    headers: orgAdmin,
    query: '{ organization(where: {id: {_eq: null}}) { id } }',
    expect: { error: { code: 'VALIDATION_FAILED', message: /null/ } },
  },
];

runCorpus('hasura corpus: where basics', cases);

// Corpus: the comparison operators beyond equality and order (docs/data-layer.md#the-schema-of-a-role):
// NOT LIKE, SIMILAR TO, POSIX regular expressions, the jsonb operators, `_cast` and the selection's
// jsonb `path`, on the demo seed. Organizations: Aurora Family Office AG (CH), Meridian Digital
// Assets Ltd (GB), Northbridge Fund Services S.A. (LU; its country_code set NULL where a case
// says so). Audit entries demo-request-0001…0004 with details {walletId, label}, {invoiceNumber,
// period}, {caseId}, {quoteId, side, size, product} (src/db/seed/demo-audit-log.ts).
import { asRole, demo } from '../data-layer-client.ts';
import type { CorpusCase } from './corpus-case.ts';
import { runCorpus } from './run-corpus.ts';

const auditor = asRole('auditor');
const frontOffice = asRole('front_office');
const aurora = { id: demo.aurora };
const meridian = { id: demo.meridian };
const northbridge = { id: demo.northbridge };
const orgs = (where: string) => `{ organization(where: ${where}, order_by: {name: asc}) { id } }`;
const audit = (where: string) =>
  `{ audit_log(where: {_and: [{request_id: {_like: "demo-request-%"}}, ${where}]}, order_by: {request_id: asc}) { request_id } }`;
const requests = (...numbers: number[]) => ({
  data: { audit_log: numbers.map((n) => ({ request_id: `demo-request-000${n}` })) },
});
const nullCountry = ["UPDATE organization SET country_code = NULL WHERE slug = 'northbridge-fund-services'"];

const text: CorpusCase[] = [
  {
    name: '_nlike keeps the rows whose value does not match the LIKE pattern',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _nlike is NOT LIKE',
    headers: auditor,
    query: orgs('{name: {_nlike: "%Ltd"}}'),
    expect: { data: { organization: [aurora, northbridge] } },
  },
  {
    name: '_nlike leaves out a NULL value (NOT LIKE of NULL is NULL)',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _nlike is NOT LIKE (SQL three-valued logic)',
    headers: auditor,
    given: nullCountry,
    query: orgs('{country_code: {_nlike: "C%"}}'),
    expect: { data: { organization: [meridian] } },
  },
  {
    name: '_nilike ignores case',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _nilike is NOT ILIKE',
    headers: auditor,
    query: orgs('{name: {_nilike: "%LTD"}}'),
    expect: { data: { organization: [aurora, northbridge] } },
  },
  {
    name: '_similar matches the whole value against a SIMILAR TO pattern',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _similar is SIMILAR TO',
    headers: auditor,
    query: orgs('{name: {_similar: "(Aurora|Meridian)%"}}'),
    expect: { data: { organization: [aurora, meridian] } },
  },
  {
    name: '_similar is anchored: a pattern for part of the value matches nothing',
    hasura: 'docs: queries/postgres/filters/text-search-operators — SIMILAR TO matches the entire string',
    headers: auditor,
    query: orgs('{name: {_similar: "Aurora"}}'),
    expect: { data: { organization: [] } },
  },
  {
    name: '_nsimilar keeps the others',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _nsimilar is NOT SIMILAR TO',
    headers: auditor,
    query: orgs('{name: {_nsimilar: "(Aurora|Meridian)%"}}'),
    expect: { data: { organization: [northbridge] } },
  },
  {
    name: '_regex is a POSIX regular expression, unanchored and case-sensitive',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _regex is ~',
    headers: auditor,
    query: orgs('{name: {_regex: "(Office|Services) "}}'),
    expect: { data: { organization: [aurora, northbridge] } },
  },
  {
    name: '_regex does not ignore case',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _regex is case-sensitive (~)',
    headers: auditor,
    query: orgs('{name: {_regex: "^aurora"}}'),
    expect: { data: { organization: [] } },
  },
  {
    name: '_iregex ignores case',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _iregex is ~*',
    headers: auditor,
    query: orgs('{name: {_iregex: "^aurora"}}'),
    expect: { data: { organization: [aurora] } },
  },
  {
    name: '_nregex keeps the rows that do not match, NULL values left out',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _nregex is !~',
    headers: auditor,
    given: nullCountry,
    query: orgs('{country_code: {_nregex: "^C"}}'),
    expect: { data: { organization: [meridian] } },
  },
  {
    name: '_niregex keeps the rows that do not match ignoring case',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _niregex is !~*',
    headers: auditor,
    query: orgs('{slug: {_niregex: "AURORA|MERIDIAN"}}'),
    expect: { data: { organization: [northbridge] } },
  },
  {
    name: 'an empty _regex pattern matches every non-NULL value',
    hasura: 'docs: queries/postgres/filters/text-search-operators — _regex is ~ (an empty pattern matches)',
    headers: auditor,
    given: nullCountry,
    query: orgs('{country_code: {_regex: ""}}'),
    expect: { data: { organization: [aurora, meridian] } },
  },
  {
    name: 'a regular expression PostgreSQL rejects is the client error, not a 500',
    hasura: 'docs: queries/postgres/filters/text-search-operators — Postgres validates the pattern (2201B)',
    headers: auditor,
    query: orgs('{name: {_regex: "(unclosed"}}'),
    expect: {
      error: {
        code: 'BAD_REQUEST',
        message:
          'invalid value: invalid regular expression: parentheses () not balanced (the operand of a _regex, _nregex, _iregex or _niregex)',
      },
    },
  },
  {
    name: 'a pattern operator from a variable is bound as a parameter',
    hasura: 'docs: queries/postgres/variables — operands may be variables',
    headers: auditor,
    query: 'query ($p: String!) { organization(where: {name: {_iregex: $p}}, order_by: {name: asc}) { id } }',
    variables: { p: "'; DROP TABLE organization; --|meridian" },
    expect: { data: { organization: [meridian] } },
  },
  {
    name: 'a null pattern is refused rather than dropped',
    hasura: 'deliberate difference (docs/data-layer.md, semantics): Hasura drops a null operand and matches every row',
    headers: auditor,
    query: orgs('{name: {_regex: null}}'),
    expect: { error: { code: 'VALIDATION_FAILED', message: /null/ } },
  },
  {
    name: 'a pattern operator on a column the role may not select is refused as unknown',
    hasura:
      'docs: auth/authorization/permissions/column-level-permissions — columns outside the rule are not in the role schema',
    headers: frontOffice,
    query: '{ digital_wallet(where: {owner_user_id: {_regex: "demo"}}) { id } }',
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: "field 'owner_user_id' not found in type 'digital_wallet_bool_exp' (unknown field or no permission)",
      },
    },
  },
  {
    name: 'a column comparison is not offered in a client where',
    hasura:
      'docs: auth/authorization/permissions/row-level-permissions — column comparison operators belong to permission rules',
    headers: auditor,
    query: orgs('{name: {_ceq: slug}}'),
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: "field '_ceq' not found in type 'String_comparison_exp' (unknown field or no permission)",
      },
    },
  },
];

const jsonb: CorpusCase[] = [
  {
    name: '_contains: the jsonb value contains the operand (@>)',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _contains is @>',
    headers: auditor,
    query: audit('{details: {_contains: {side: "BUY"}}}'),
    expect: requests(4),
  },
  {
    name: '_contains of an empty object matches every object',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _contains is @> ({} is contained in every object)',
    headers: auditor,
    query: audit('{details: {_contains: {}}}'),
    expect: requests(1, 2, 3, 4),
  },
  {
    name: '_contains from a jsonb variable',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — the operand is a jsonb value, may be a variable',
    headers: auditor,
    query: `query ($j: jsonb!) ${audit('{details: {_contains: $j}}')}`,
    variables: { j: { caseId: 2 } },
    expect: requests(3),
  },
  {
    name: '_contained_in: the jsonb value is contained in the operand (<@)',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _contained_in is <@',
    headers: auditor,
    query: audit('{details: {_contained_in: {caseId: 2, extra: true, period: "2025-Q3"}}}'),
    expect: requests(3),
  },
  {
    name: '_has_key: the object has the key at top level (?)',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _has_key is ?',
    headers: auditor,
    query: audit('{details: {_has_key: "walletId"}}'),
    expect: requests(1),
  },
  {
    name: '_has_keys_any: the object has one of the keys (?|)',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _has_keys_any is ?|',
    headers: auditor,
    query: audit('{details: {_has_keys_any: ["caseId", "period", "absent"]}}'),
    expect: requests(2, 3),
  },
  {
    name: '_has_keys_all: the object has every key (?&)',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _has_keys_all is ?&',
    headers: auditor,
    query: audit('{details: {_has_keys_all: ["invoiceNumber", "period"]}}'),
    expect: requests(2),
  },
  {
    name: '_has_keys_any of an empty list is false',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _has_keys_any is ?| (an empty array has no key)',
    headers: auditor,
    query: audit('{details: {_has_keys_any: []}}'),
    expect: requests(),
  },
  {
    name: '_has_keys_all of an empty list is true',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _has_keys_all is ?& (every key of an empty array)',
    headers: auditor,
    query: audit('{details: {_has_keys_all: []}}'),
    expect: requests(1, 2, 3, 4),
  },
  {
    name: '_cast to String then _ilike reads the jsonb value as its text',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _cast: { String: { _ilike } } casts jsonb to text',
    headers: auditor,
    query: audit('{details: {_cast: {String: {_ilike: "%zug%"}}}}'),
    expect: requests(1),
  },
  {
    name: '_cast to String with _regex',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — _cast: { String: … } offers the String operators',
    headers: auditor,
    query: audit('{details: {_cast: {String: {_regex: "INV-[0-9]{4}"}}}}'),
    expect: requests(2),
  },
  {
    name: 'a jsonb operator on a text column does not exist',
    hasura: 'docs: queries/postgres/filters/jsonb-operators — the jsonb operators are on jsonb_comparison_exp only',
    headers: auditor,
    query: audit('{action: {_has_key: "x"}}'),
    expect: {
      error: {
        code: 'VALIDATION_FAILED',
        message: "field '_has_key' not found in type 'String_comparison_exp' (unknown field or no permission)",
      },
    },
  },
];

runCorpus('hasura corpus: comparison operators', [...text, ...jsonb]);

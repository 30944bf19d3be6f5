// The corpus of deliberate spec mistakes (docs/code-generation.md#spec-problems): each an edit of
// one of the real specs and the one `file:line:col: message` it must be reported as. `at` is a
// piece of `to` (the edited text); the problem's line is where it landed, so the cases keep
// working as the specs grow. spec-problems.test.ts runs them.
export type SpecFile = 'openapi.yaml' | 'schema.graphql' | 'permissions.yaml';

export interface SpecMistake {
  readonly name: string;
  readonly file: SpecFile;
  /** Text of the real spec (must occur), replaced once by `to`. */
  readonly from: string;
  readonly to: string;
  /** A piece of `to` on the reported line; or, for a removal, text of the edited spec on it. */
  readonly at: string;
  /** The message after `file:line:col: `. */
  readonly message: RegExp;
}

const liveness = `      operationId: getLiveness
      tags: [health]
      summary: Liveness probe`;
const livenessResponse = `      security:
        - {}
      responses:
        '200':
          description: The process is alive.
          content:
            text/plain:
              schema:
                type: string
                const: ok
              example: ok`;

export const specMistakes: readonly SpecMistake[] = [
  // openapi.yaml
  {
    name: 'YAML: a line indented too little',
    file: 'openapi.yaml',
    from: liveness,
    to: liveness.replace('      summary:', '     summary:'),
    at: '     summary:',
    message: /^invalid YAML: /,
  },
  {
    name: 'YAML: a key given twice',
    file: 'openapi.yaml',
    from: liveness,
    to: `${liveness}\n      summary: Alive`,
    at: 'summary: Alive',
    message: /^invalid YAML: Map keys must be unique/,
  },
  {
    name: '$ref to a missing schema',
    file: 'openapi.yaml',
    from: `        code:\n          $ref: '#/components/schemas/ErrorCode'`,
    to: `        code:\n          $ref: '#/components/schemas/ErrorCod'`,
    at: 'ErrorCod',
    message:
      /^\$ref '#\/components\/schemas\/ErrorCod' does not resolve: no 'ErrorCod' in components\.schemas\. Did you mean "ErrorCode"/,
  },
  {
    name: 'a component nothing uses',
    file: 'openapi.yaml',
    from: '  schemas:\n    ErrorCode:\n',
    to: '  schemas:\n    UnusedThing:\n      type: string\n    ErrorCode:\n',
    at: 'UnusedThing',
    message: /UnusedThing.*never used/,
  },
  {
    name: 'a path parameter not declared',
    file: 'openapi.yaml',
    from: '  /healthz:\n',
    to: '  /healthz/{probe}:\n',
    at: 'operationId: getLiveness',
    message: /path parameter `\{probe\}`/,
  },
  {
    name: 'a path parameter declared but not in the path',
    file: 'openapi.yaml',
    from: livenessResponse,
    to: `      parameters:\n        - { name: probe, in: path, required: true, schema: { type: string } }\n${livenessResponse}`,
    at: '- { name: probe',
    message: /`probe`.*not used in the path `\/healthz`/,
  },
  {
    name: 'an operationId used twice',
    file: 'openapi.yaml',
    from: '  /health:\n    get:\n      operationId: getHealth\n',
    to: '  /health:\n    get:\n      operationId: getLiveness\n',
    at: 'getLiveness',
    message: /^duplicate operationId 'getLiveness': GET \/healthz has it already$/,
  },
  {
    name: 'an operation without operationId',
    file: 'openapi.yaml',
    from: liveness,
    to: liveness.replace('      operationId: getLiveness\n', ''),
    at: 'tags: [health]',
    message: /operationId/,
  },
  {
    name: 'an unknown security scheme',
    file: 'openapi.yaml',
    from: livenessResponse,
    to: livenessResponse.replace('- {}', '- apiKeyz: []'),
    at: 'apiKeyz',
    message: /`apiKeyz` security scheme/,
  },
  {
    name: 'a type that JSON Schema does not have',
    file: 'openapi.yaml',
    from: '        success:\n          type: boolean\n          const: false',
    to: '        success:\n          type: bolean\n          const: false',
    at: 'bolean',
    message: /`type` can be one of .*\(found "bolean"\) Did you mean "boolean"\?$/,
  },
  {
    name: 'required names a property the schema does not have',
    file: 'openapi.yaml',
    from: '      required: [success, message, code, requestId]',
    to: '      required: [success, message, code, requestId, reason]',
    at: 'reason',
    message: /Required property 'reason' is undefined/,
  },
  {
    name: 'a response content without a schema',
    file: 'openapi.yaml',
    from: livenessResponse,
    to: livenessResponse.replace(
      '              schema:\n                type: string\n                const: ok\n',
      '',
    ),
    at: 'text/plain',
    message: /^GET \/healthz response 200: content 'text\/plain' has no schema$/,
  },
  {
    name: 'a pattern that is no regular expression',
    file: 'openapi.yaml',
    from: "        maxLength: 2\n        pattern: '^[A-Za-z]{2}$'",
    to: "        maxLength: 2\n        pattern: '^[A-Za-z{2}$'",
    at: "pattern: '^[A-Za-z{2}$'",
    message: /^pattern '\^\[A-Za-z\{2\}\$' is not a regular expression: /,
  },
  {
    name: 'a misspelt format',
    file: 'openapi.yaml',
    from: '        externalUserEmail:\n          type: string\n          format: email',
    to: '        externalUserEmail:\n          type: string\n          format: emial',
    at: 'format: emial',
    message: /^unknown format 'emial'\. Did you mean "email"\?$/,
  },
  {
    name: 'a misspelt operation property',
    file: 'openapi.yaml',
    from: liveness,
    to: liveness.replace('summary:', 'sumary:'),
    at: 'sumary',
    message: /`sumary` is not expected here.*Did you mean "summary"\?/,
  },
  {
    name: 'a parameter in a place OpenAPI does not have',
    file: 'openapi.yaml',
    from: '    InvoiceId:\n      name: invoiceId\n      in: path',
    to: '    InvoiceId:\n      name: invoiceId\n      in: body',
    at: 'body',
    message: /`in` can be one of .*\(found "body"\)/,
  },
  // schema.graphql
  {
    name: 'GraphQL: a field without its colon',
    file: 'schema.graphql',
    from: 'interface OffsetPage {\n  """\n  Number of items matching the query across all pages.\n  """\n  totalCount: Int!',
    to: 'interface OffsetPage {\n  """\n  Number of items matching the query across all pages.\n  """\n  totalCount Int!',
    at: 'Int!',
    message: /^Syntax Error: Expected ":", found Name "Int"\.$/,
  },
  {
    name: 'a field of an unknown type',
    file: 'schema.graphql',
    from: 'interface MutationPayload {\n  """\n  True when the mutation took effect; then `errors` is empty.\n  """\n  success: Boolean!',
    to: 'interface MutationPayload {\n  """\n  True when the mutation took effect; then `errors` is empty.\n  """\n  success: Boolen!',
    at: 'Boolen',
    message: /^Unknown type "Boolen"\. Did you mean "Boolean"\?$/,
  },
  {
    name: 'an argument of an unknown type',
    file: 'schema.graphql',
    from: '    Wallet id.\n    """\n    id: Int!',
    to: '    Wallet id.\n    """\n    id: Datetime!',
    at: 'Datetime',
    message: /^Unknown type "Datetime"\. Did you mean "DateTime"/,
  },
  {
    name: 'an enum value given twice',
    file: 'schema.graphql',
    from: '  HOT\n',
    to: '  HOT\n  CUSTODIAL\n',
    at: 'CUSTODIAL',
    message: /^Enum value "WalletType\.CUSTODIAL" can only be defined once\.$/,
  },
  {
    name: 'a type defined twice',
    file: 'schema.graphql',
    from: 'scalar DecimalInput',
    to: 'scalar Decimal\nscalar DecimalInput',
    at: 'scalar Decimal\n',
    message: /^There can be only one type named "Decimal"\.$/,
  },
  {
    name: 'a field defined twice',
    file: 'schema.graphql',
    from: ' clamping to the maximum).\n  """\n  limit: Int!\n',
    to: ' clamping to the maximum).\n  """\n  limit: Int!\n  limit:  Int!\n',
    at: 'limit:  Int!',
    message: /^Field "OffsetPage\.limit" can only be defined once\.$/,
  },
  {
    name: 'an interface not implemented',
    file: 'schema.graphql',
    from: '  """\n  Number of distinct assets across all pages.\n  """\n  totalCount: Int!\n',
    to: '',
    at: 'DigitalAssetPage implements OffsetPage',
    message: /^Interface field OffsetPage\.totalCount expected but DigitalAssetPage does not provide it\.$/,
  },
  {
    name: 'an unknown interface',
    file: 'schema.graphql',
    from: 'type DigitalAssetPage implements OffsetPage {',
    to: 'type DigitalAssetPage implements OffsetPages {',
    at: 'OffsetPages',
    message: /^Unknown type "OffsetPages"\. Did you mean "OffsetPage"/,
  },
  {
    name: 'an unknown directive',
    file: 'schema.graphql',
    from: 'scalar UUID @specifiedBy(',
    to: 'scalar UUID @specifiedby(',
    at: '@specifiedby',
    message: /^Unknown directive "@specifiedby"\./,
  },
  // permissions.yaml
  {
    name: 'a rule on an unknown column',
    file: 'permissions.yaml',
    from: '      organization_member:\n        filter: { id: { _eq: X-Data-Organization-Id } }\n        columns: [id, name, slug, kind, country_code]',
    to: '      organization_member:\n        filter: { id: { _eq: X-Data-Organization-Id } }\n        columns: [id, name, slug, kind, country]',
    at: 'country]',
    message: /^unknown column 'country' in table 'organization'/,
  },
  {
    name: 'a rule for an unknown role',
    file: 'permissions.yaml',
    from: '      organization_member:\n        filter: { id: { _eq: X-Data-Organization-Id } }',
    to: '      organisation_member:\n        filter: { id: { _eq: X-Data-Organization-Id } }',
    at: 'organisation_member',
    message: /organisation_member/,
  },
  {
    name: 'a filter on an undeclared session variable',
    file: 'permissions.yaml',
    from: '      organization_member:\n        filter: { id: { _eq: X-Data-Organization-Id } }',
    to: '      organization_member:\n        filter: { id: { _eq: X-Data-Organisation-Id } }',
    at: 'X-Data-Organisation-Id',
    message: /X-Data-Organisation-Id/i,
  },
  {
    name: 'a business operation that schema.graphql does not have',
    file: 'permissions.yaml',
    from: '  createDigitalWallet:\n    description: Opens',
    to: '  createDigitalWalet:\n    description: Opens',
    at: 'createDigitalWalet',
    message: /createDigitalWalet/,
  },
  {
    name: 'rules for an unknown table',
    file: 'permissions.yaml',
    from: 'tables:\n  organization:\n',
    to: 'tables:\n  organisations:\n    description: Organizations.\n  organization:\n',
    at: 'organisations',
    message: /^unknown table 'organisations'/,
  },
  {
    name: 'a misspelt table key, which the relationships naming the table do not report again',
    file: 'permissions.yaml',
    from: 'tables:\n  organization:\n',
    to: 'tables:\n  organizaton:\n',
    at: 'organizaton',
    message: /^unknown table 'organizaton'/,
  },
  {
    name: "a misspelt session variable in a role's list, which the rules using the right one do not report again",
    file: 'permissions.yaml',
    from: '  fund_manager:\n    description: Manages the funds of one organization (a fund administrator). Maintains fund NAV and status and approves or rejects subscriptions and redemptions of those funds.\n    session_variables: [x-data-organization-id]',
    to: '  fund_manager:\n    description: Manages the funds of one organization (a fund administrator). Maintains fund NAV and status and approves or rejects subscriptions and redemptions of those funds.\n    session_variables: [x-data-organisation-id]',
    at: 'x-data-organisation-id',
    message: /^undeclared session variable 'x-data-organisation-id'/,
  },
];

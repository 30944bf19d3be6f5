// Hand-written entries of the spec diff corpus (docs/spec-diff.md#how-it-is-tested): changes the
// seeded operators do not make — a shared component changed everywhere it is used, oneOf forms,
// direction (an enum value added to a request is safe, to a response dangerous), changed auth
// of the GraphQL route, GraphQL interfaces, defaults and deprecations — and refactors the
// operators do not write.
import type { CorpusEntry, ExpectedChange } from './corpus-entry.ts';

type Entry = Omit<CorpusEntry, 'origin'>;
const change = (kind: string, location: string, level: ExpectedChange['level'] = 'breaking'): ExpectedChange => ({
  kind,
  location,
  level,
});
const readyz = (status: string, check: string) =>
  `GET /readyz > response ${status} > application/json > body.checks.${check}.status > enum "error"`;

const schema = (name: string, ...rest: (string | number)[]) => ['components', 'schemas', name, ...rest];

export const handWrittenEntries: readonly Entry[] = [
  {
    id: 'hand-openapi-shared-enum-value-removed',
    class: 'breaking',
    spec: 'openapi.yaml',
    operator: 'shared-component-enum-value-removed',
    target: 'ReadinessCheck.status loses "error": every place Readiness is answered',
    openapi: [
      { path: schema('ReadinessCheck', 'properties', 'status', 'enum'), value: ['ok', 'pending', 'unavailable'] },
    ],
    expected: ['200', '503'].flatMap((status) =>
      ['database', 'migrations', 'pdf', 'shutdown'].map((check) =>
        change('response-enum-value-removed', readyz(status, check)),
      ),
    ),
  },
  {
    id: 'hand-openapi-graphql-route-auth-changed',
    class: 'breaking',
    spec: 'openapi.yaml',
    operator: 'security-changed',
    target: 'POST /graphql: API key replaced by a bearer token',
    openapi: [{ path: ['paths', '/graphql', 'post', 'security'], value: [{ bearerAuth: [] }] }],
    expected: [
      change('security-requirement-removed', 'POST /graphql > security [apiKey]'),
      change('security-requirement-added', 'POST /graphql > security [bearerAuth]', 'safe'),
    ],
  },
  {
    id: 'hand-openapi-api-key-header-renamed',
    class: 'breaking',
    spec: 'openapi.yaml',
    operator: 'security-scheme-changed',
    target: 'the apiKey scheme reads X-Api-Token instead of X-API-Key: every operation accepting it',
    openapi: [{ path: ['components', 'securitySchemes', 'apiKey', 'name'], value: 'X-Api-Token' }],
    expected: [
      'POST /auth/wallet-jwt',
      'POST /auth/workflow-sdk/init-token',
      'POST /auth/kyc-sdk/init-token',
      'GET /invoices/{invoiceId}',
      'GET /receipts/{receiptId}',
      'GET /quotes/{quoteId}',
      'GET /product-catalog',
      'GET /funds/{fundId}/user-agreement',
      'GET /pdf/case/{caseId}/report',
      'GET /pdf/case/{caseId}/agreement',
      'POST /documents/upload',
      'GET /static/file-uploads/{name}',
      'POST /graphql',
    ].flatMap((operation) => {
      const kycForm = operation === 'POST /auth/kyc-sdk/init-token';
      // The KYC init-token route also admits anonymous callers (form b), so nothing there is lost.
      return kycForm
        ? [change('security-requirement-added', `${operation} > security [apiKey]`, 'safe')]
        : [
            change('security-requirement-removed', `${operation} > security [apiKey]`),
            change('security-requirement-added', `${operation} > security [apiKey]`, 'safe'),
          ];
    }),
  },
  {
    id: 'hand-openapi-request-form-removed',
    class: 'breaking',
    spec: 'openapi.yaml',
    operator: 'request-variant-removed',
    target: 'POST /auth/wallet-jwt no longer takes the organization form',
    openapi: [
      { path: schema('WalletJwtRequest', 'oneOf'), value: [{ $ref: '#/components/schemas/WalletJwtUserRequest' }] },
    ],
    expected: [
      change(
        'request-variant-removed',
        'POST /auth/wallet-jwt > request > application/json > body<scope=organization>',
      ),
    ],
  },
  {
    id: 'hand-openapi-nested-response-property-removed',
    class: 'breaking',
    spec: 'openapi.yaml',
    operator: 'response-property-removed',
    target: 'UploadedFile.sha256, inside the array of POST /documents/upload',
    openapi: [
      { path: schema('UploadedFile', 'properties', 'sha256'), delete: true },
      { path: schema('UploadedFile', 'required'), value: ['id', 'name', 'originalName', 'contentType', 'size', 'url'] },
    ],
    expected: [
      change(
        'response-property-removed',
        'POST /documents/upload > response 200 > application/json > body.files[].sha256',
      ),
    ],
  },
  {
    id: 'hand-openapi-path-parameter-narrowed',
    class: 'breaking',
    spec: 'openapi.yaml',
    operator: 'request-constraint-tightened',
    target: 'CoinSymbol: at most 4 characters, in both routes that take it',
    openapi: [{ path: ['components', 'parameters', 'CoinSymbol', 'schema', 'maxLength'], value: 4 }],
    expected: [
      change('request-constraint-tightened', 'GET /coins/{symbol}/icon > path.symbol > maxLength'),
      change('request-constraint-tightened', 'GET /static/coins/{symbol} > path.symbol > maxLength'),
    ],
  },
  {
    id: 'hand-openapi-response-enum-value-added',
    class: 'non-breaking',
    spec: 'openapi.yaml',
    operator: 'response-enum-value-added',
    target: 'KycWebhookReceipt.outcome gains "deferred": dangerous, not breaking',
    openapi: [
      {
        path: schema('KycWebhookReceipt', 'properties', 'outcome', 'enum'),
        value: ['applied', 'ignored', 'unknownApplicant', 'duplicate', 'deferred'],
      },
    ],
    expected: [
      change(
        'response-enum-value-added',
        'POST /webhooks/kyc > response 200 > application/json > body.outcome > enum "deferred"',
        'dangerous',
      ),
    ],
  },
  {
    id: 'hand-openapi-request-enum-value-added',
    class: 'non-breaking',
    spec: 'openapi.yaml',
    operator: 'request-enum-value-added',
    target: 'ClientType gains "cli": safe in the two parameters that take it',
    openapi: [{ path: schema('ClientType', 'enum'), value: ['api', 'browser', 'cli'] }],
    expected: [
      change('request-enum-value-added', 'GET /auth/logout > header.x-client-type > enum "cli"', 'safe'),
      change('request-enum-value-added', 'GET /auth/logout > query.x-client-type > enum "cli"', 'safe'),
    ],
  },
  {
    id: 'hand-openapi-response-form-added',
    class: 'non-breaking',
    spec: 'openapi.yaml',
    operator: 'response-variant-added',
    target: 'KycSdkInitTokenResponse gains a third form',
    openapi: [
      {
        path: schema('KycSdkInitTokenResponse', 'oneOf'),
        value: [
          { $ref: '#/components/schemas/ExpiringToken' },
          { $ref: '#/components/schemas/KycSdkServerTokenResponse' },
          { type: 'object', required: ['pending'], properties: { pending: { type: 'boolean', const: true } } },
        ],
      },
    ],
    expected: [
      change(
        'response-variant-added',
        'POST /auth/kyc-sdk/init-token > response 200 > application/json > body<pending=true>',
        'dangerous',
      ),
    ],
  },
  {
    id: 'hand-openapi-open-body-closed',
    class: 'non-breaking',
    spec: 'openapi.yaml',
    operator: 'request-unknown-properties-refused',
    target: 'KycWebhookEvent refuses properties it does not name',
    openapi: [{ path: schema('KycWebhookEvent', 'additionalProperties'), value: false }],
    expected: [
      change(
        'request-unknown-properties-refused',
        'POST /webhooks/kyc > request > application/json > body',
        'dangerous',
      ),
    ],
  },
  {
    id: 'hand-openapi-refactor-one-of-reordered',
    class: 'refactor',
    spec: 'openapi.yaml',
    operator: 'reorder-one-of',
    target: 'WalletJwtRequest lists its forms the other way round',
    openapi: [
      {
        path: schema('WalletJwtRequest', 'oneOf'),
        value: [
          { $ref: '#/components/schemas/WalletJwtOrganizationRequest' },
          { $ref: '#/components/schemas/WalletJwtUserRequest' },
        ],
      },
    ],
    expected: [],
  },
  {
    id: 'hand-openapi-refactor-null-type-reordered',
    class: 'refactor',
    spec: 'openapi.yaml',
    operator: 'reorder-type-list',
    target: "GraphqlRequest.operationName: ['null', string]",
    openapi: [{ path: schema('GraphqlRequest', 'properties', 'operationName', 'type'), value: ['null', 'string'] }],
    expected: [],
  },
  {
    id: 'hand-openapi-refactor-header-name-case',
    class: 'refactor',
    spec: 'openapi.yaml',
    operator: 'header-name-case',
    target: 'POST /graphql: X-Acting-User spelled x-acting-user (header names ignore case)',
    openapi: [{ path: ['paths', '/graphql', 'post', 'parameters', 0, 'name'], value: 'x-acting-user' }],
    expected: [],
  },
  {
    id: 'hand-openapi-refactor-component-response-extracted',
    class: 'refactor',
    spec: 'openapi.yaml',
    operator: 'extract-response',
    target: 'GET /readyz 200 moved to components.responses',
    openapi: [
      {
        path: ['components', 'responses', 'ReadyzOk'],
        value: {
          description: 'Ready.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Readiness' } } },
          headers: { 'Cache-Control': { $ref: '#/components/headers/CacheControlNoStore' } },
        },
      },
      { path: ['paths', '/readyz', 'get', 'responses', '200'], value: { $ref: '#/components/responses/ReadyzOk' } },
    ],
    expected: [],
  },
  {
    id: 'hand-graphql-interface-dropped',
    class: 'breaking',
    spec: 'schema.graphql',
    operator: 'interface-removed',
    target: 'DigitalWalletSummary no longer implements DigitalWallet',
    graphql: [{ find: 'type DigitalWalletSummary implements DigitalWallet {', replace: 'type DigitalWalletSummary {' }],
    expected: [change('OBJECT_TYPE_INTERFACE_REMOVED', 'DigitalWalletSummary')],
  },
  {
    id: 'hand-graphql-root-mutation-removed',
    class: 'breaking',
    spec: 'schema.graphql',
    operator: 'operation-removed',
    target: 'Mutation.createDigitalWallet',
    graphql: [
      {
        find: '  """\n  Create a wallet at the custodian and register it on the platform.\n  """\n  createDigitalWallet(\n    """\n    Wallet to create.\n    """\n    input: CreateDigitalWalletInput!\n  ): CreateDigitalWalletPayload!\n',
        replace: '',
      },
    ],
    expected: [change('FIELD_REMOVED', 'Mutation.createDigitalWallet')],
  },
  {
    id: 'hand-graphql-deprecation-added',
    class: 'non-breaking',
    spec: 'schema.graphql',
    operator: 'deprecation-added',
    target: 'Query.ping deprecated',
    graphql: [{ find: '  ping: String!\n', replace: '  ping: String! @deprecated(reason: "Use healthz.")\n' }],
    // The library reports the directive's use as well as the deprecation, all safe.
    expected: [
      change('FIELD_DEPRECATION_ADDED', 'Query.ping.@deprecated', 'safe'),
      change('DIRECTIVE_USAGE_FIELD_DEFINITION_ADDED', 'Query.ping.@deprecated', 'safe'),
      change('DIRECTIVE_USAGE_ARGUMENT_ADDED', 'Query.ping.@deprecated.reason', 'safe'),
    ],
  },
  {
    id: 'hand-graphql-refactor-description-style',
    class: 'refactor',
    spec: 'schema.graphql',
    operator: 'description-style',
    target: 'the description of Decimal reworded',
    graphql: [
      {
        find: 'Clients must parse it\nwith a decimal library, not into a binary floating-point number.\n"""\nscalar Decimal',
        replace: 'Clients must parse it with a decimal library.\n"""\nscalar Decimal',
      },
    ],
    expected: [],
  },
];

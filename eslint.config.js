// Lint, including the layer rules of docs/architecture.md#layers. The floors of src/ are
// written ONCE below (`floors`), and every import rule is derived from them: a room may import
// only rooms on lower floors (eslint-plugin-boundaries, which also checks `export … from` and
// dynamic `import()`). The areas of src/domain stand on floors of their own the same way
// (`domainFloors`). Each rule's message says why and where to read more.
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

const why = 'docs/architecture.md#layers';

const dynamicImportRule = {
  selector: 'ImportExpression[source.type!="Literal"]',
  message: `import() names its module with a string literal, so the layer rules can check it (${why}).`,
};

/** `process.env` in each spelling: only src/config reads configuration. */
const environmentRules = [
  "MemberExpression[object.name='process'][property.name='env']",
  "MemberExpression[object.name='process'][property.value='env']",
  "MemberExpression[object.property.name='process'][property.name='env']",
  "MemberExpression[object.property.name='process'][property.value='env']",
  "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
  "VariableDeclarator[init.property.name='process'] > ObjectPattern > Property[key.name='env']",
  "AssignmentExpression[right.name='process'] > ObjectPattern > Property[key.name='env']",
].map((selector) => ({
  selector,
  message: `Read configuration through src/config, the only reader of process.env (${why}).`,
}));

/** `env` imported from `process`: only src/config reads configuration. */
const environmentImports = ['process', 'node:process'].map((name) => ({
  name,
  importNames: ['env'],
  message: `Read configuration through src/config, the only reader of process.env (${why}).`,
}));

/** What only an adapter of src/providers imports. */
const adapterImports = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'ioredis', 'openid-client'].map((name) => ({
  name,
  message:
    'The domain drives outside systems through src/providers, where the adapters live (docs/architecture.md#areas-of-the-domain).',
}));

/** An organization id compared in the domain: the scope belongs in the reader's statement. */
const organizationComparisonRules = [
  'BinaryExpression[operator=/^[!=]==?$/][left.property.name=/^(organizationId|organizationIds|\\w+OrganizationId)$/]',
  'BinaryExpression[operator=/^[!=]==?$/][right.property.name=/^(organizationId|organizationIds|\\w+OrganizationId)$/]',
  "BinaryExpression[operator=/^[!=]==?$/][left.name=/^(organizationId|\\w+OrganizationId)$/][right.type!='Literal'][right.name!='undefined']",
  "CallExpression[callee.property.name='includes'][callee.object.property.name=/[oO]rganizationIds$/]",
].map((selector) => ({
  selector,
  message:
    'The domain never compares organization ids: pass the OrganizationScope to a reader, which applies it in its statement (docs/identity.md#organization-scope).',
}));

/** Transports reach data through the domain, or the data layer's SQL half in src/records: never a query of their own. */
const transportSkips = ['stores', 'db'];
const transportReason = 'it reaches data through the domain or src/records/data-layer-sql, never src/stores or src/db';

/**
 * The rooms of src/, top floor first. A room imports only rooms on floors below its own
 * (never one beside it), plus `generated/`; `skips` names rooms below it that it still may not
 * import. `reason` says what the room is, for messages.
 */
const floors = [
  [
    { room: 'main', pattern: 'src/main.ts', file: true, reason: 'the entry point' },
    { room: 'cli', pattern: 'src/cli', reason: 'operator commands wire their own parts' },
  ],
  [{ room: 'composition', pattern: 'src/composition', reason: 'the composition root' }],
  [
    {
      room: 'graphql',
      pattern: 'src/graphql',
      skips: transportSkips,
      reason: `the GraphQL transport runs inside the HTTP app; ${transportReason}`,
    },
    {
      room: 'access-review',
      pattern: 'src/access-review',
      skips: transportSkips,
      reason: "auditors' tooling reads the data layer's schema rules and the access compiler, and runs no query",
    },
    {
      room: 'spec-review',
      pattern: 'src/spec-review',
      skips: [
        'http',
        'data-layer',
        'domain',
        'documents',
        'providers',
        'records',
        'access',
        'stores',
        'db',
        'request-envelope',
      ],
      reason:
        "client teams' breaking-change gate compares spec texts (openapi.yaml, schema.graphql) and needs only the shared kernel",
    },
  ],
  [
    { room: 'http', pattern: 'src/http', skips: transportSkips, reason: `a transport; ${transportReason}` },
    {
      room: 'data-layer',
      pattern: 'src/data-layer',
      skips: transportSkips,
      reason: `the data layer's endpoint; ${transportReason}`,
    },
  ],
  [{ room: 'domain', pattern: 'src/domain', reason: 'business rules know no transport' }],
  [
    { room: 'documents', pattern: 'src/documents', reason: 'rendering knows no business rule' },
    { room: 'providers', pattern: 'src/providers', reason: 'adapters for outside systems know no business rule' },
  ],
  [
    {
      room: 'records',
      pattern: 'src/records',
      reason: 'the SQL over business records, each statement scoped by the access rules it imports',
    },
  ],
  [{ room: 'access', pattern: 'src/access', reason: 'who may see what' }],
  [{ room: 'stores', pattern: 'src/stores', reason: 'credential storage knows no principal and no rule' }],
  [{ room: 'db', pattern: 'src/db', reason: 'the database' }],
  [
    {
      room: 'request-envelope',
      pattern: 'src/request-envelope',
      reason:
        "every front door's request envelope (id, deadline, rate limit, body, error answer, access log, metrics) on plain node:http, standing on the shared kernel only",
    },
  ],
  [
    { room: 'config', pattern: 'src/config', reason: 'the shared kernel imports nothing of src/' },
    { room: 'errors', pattern: 'src/errors', reason: 'the shared kernel imports nothing of src/' },
    { room: 'observability', pattern: 'src/observability', reason: 'the shared kernel imports nothing of src/' },
    { room: 'assets', pattern: 'src/assets', reason: 'the shared kernel imports nothing of src/' },
    { room: 'cache', pattern: 'src/cache', reason: 'the shared kernel imports nothing of src/' },
    { room: 'graphql-limits', pattern: 'src/graphql-limits', reason: 'the shared kernel imports nothing of src/' },
    { room: 'request-headers', pattern: 'src/request-headers', reason: 'the shared kernel imports nothing of src/' },
    { room: 'request-scope', pattern: 'src/request-scope', reason: 'the shared kernel imports nothing of src/' },
    { room: 'api-explorer', pattern: 'src/api-explorer', reason: 'the shared kernel imports nothing of src/' },
    { room: 'allow-lists', pattern: 'src/allow-lists', reason: 'the shared kernel imports nothing of src/' },
    { room: 'spec-problems', pattern: 'src/spec-problems', reason: 'the shared kernel imports nothing of src/' },
  ],
];

/**
 * The areas of src/domain (its folders), top floor first, written like `floors`: an area imports
 * only areas on floors below its own (never one beside it), besides the rooms below src/domain.
 * Every file of src/domain stands in one of them. `reason` says what the area is, for messages.
 */
const domainFloors = [
  [{ area: 'documents', reason: 'business documents are put together from the records of the areas below' }],
  [
    { area: 'wallets', reason: 'wallets, custody and portfolios act for a user, valued at the coin prices' },
    { area: 'trading', reason: 'OTC quotes and trades act for a user, priced from the order books or the coin prices' },
    { area: 'funds', reason: 'fund requests and capital statements act for a user' },
    { area: 'kyc', reason: 'identity verification acts for a user and keeps its answers sealed' },
    { area: 'assets', reason: 'the public coin, flag and network images the transports serve' },
    { area: 'health', reason: "the node's readiness, which the transports report" },
  ],
  [
    { area: 'identity', reason: 'who acts and what they may do, asked by every area that acts for a user' },
    { area: 'prices', reason: 'the stored coin prices, read by the areas that value or price' },
    { area: 'market-data', reason: 'the live order books, read by OTC pricing and the order-book subscription' },
    { area: 'files', reason: 'uploaded files and the storage they live in' },
    {
      area: 'idempotency',
      reason: "a creating mutation's idempotency key, kept by every area whose mutations create something",
    },
  ],
  [
    { area: 'money', reason: 'exact decimals and base units are the vocabulary of every area' },
    { area: 'text', reason: 'what text may be stored and shown is the vocabulary of every area' },
    { area: 'paging', reason: 'offset paging is the vocabulary of every list' },
    { area: 'outcomes', reason: "a mutation's user errors are the vocabulary of every mutation" },
  ],
];

/** The only rooms that may use Kysely or pg: every query then applies the access rules. */
const databaseRooms = ['records', 'access', 'stores', 'db'];
/** Rooms below the transports that must not know one (the development identity provider is itself a Koa app). */
const transportFree = [
  'domain',
  'documents',
  'records',
  'access',
  'stores',
  'db',
  'config',
  'errors',
  'observability',
  'assets',
  'cache',
  'request-envelope',
  'graphql-limits',
  'request-headers',
  'request-scope',
  'api-explorer',
  'allow-lists',
  'spec-problems',
];

const databaseModules = ['kysely', 'pg'];
const transportModules = ['koa', 'koa-body', '@koa/router', 'graphql', 'graphql-http', 'graphql-ws', 'ws'];

/** Build-time and test code: it may import src/, never the other way round. */
const outsideSrc = ['scripts', 'test', 'bench'];

const rooms = floors.flat();
const roomsBelow = (index) =>
  floors
    .slice(index + 1)
    .flat()
    .map(({ room }) => room);
const roomPath = (room) => rooms.find((found) => found.room === room).pattern;

/** For each room: every room it may not import (beside it, above it, or barred below it), and why. */
const upwardPolicies = floors.flatMap((floor, index) =>
  floor.map(({ room, pattern, skips = [], reason }) => {
    const below = roomsBelow(index).filter((target) => !skips.includes(target));
    const forbidden = rooms.map((other) => other.room).filter((other) => other !== room && !below.includes(other));
    const allowed = below.length > 0 ? below.map(roomPath).join(', ') : 'no room of src/';
    return {
      from: { element: { type: room } },
      disallow: { to: { element: { types: { anyOf: [...forbidden, ...outsideSrc] } } } },
      message:
        `${pattern} may import only rooms below it (${allowed}) and generated/: ${reason}. ` +
        `Upward, sideways and scripts/, test/ or bench/ imports are refused (${why}).`,
    };
  }),
);

/** Where the rules between the areas of src/domain are explained. */
const areaWhy = 'docs/architecture.md#areas-of-the-domain';
const areas = domainFloors.flat().map(({ area }) => area);
const areaPath = (area) => `src/domain/${area}`;
/** src/domain's element: one per area, the area's name captured, so the area rules can tell them apart. */
const domainElement = {
  type: 'domain',
  pattern: `src/domain/{${areas.join(',')}}`,
  capture: ['area'],
  partialMatch: false,
};

/** For each area: every area it may not import (beside it or above it), and why. */
const areaPolicies = domainFloors.flatMap((floor, index) =>
  floor.flatMap(({ area, reason }) => {
    const below = domainFloors
      .slice(index + 1)
      .flat()
      .map((lower) => lower.area);
    const forbidden = areas.filter((other) => other !== area && !below.includes(other));
    if (forbidden.length === 0) return [];
    const allowed = below.length > 0 ? below.map(areaPath).join(', ') : 'none';
    return [
      {
        from: { element: { type: 'domain', captured: { area } } },
        disallow: { to: { element: { type: 'domain', captured: { area: forbidden } } } },
        message:
          `${areaPath(area)} may import only the areas of src/domain below it (${allowed}): ${reason}. ` +
          `Upward and sideways imports between the areas of src/domain are refused (${areaWhy}).`,
      },
    ];
  }),
);

const modulePolicies = [
  {
    from: {
      element: { types: { anyOf: rooms.map(({ room }) => room).filter((room) => !databaseRooms.includes(room)) } },
    },
    disallow: { to: { module: { origin: 'external', source: databaseModules } } },
    message: `Only src/records, src/access, src/stores and src/db use Kysely or pg, so no query can skip the access rules (${why}).`,
  },
  {
    from: { element: { types: { anyOf: transportFree } } },
    disallow: { to: { module: { origin: 'external', source: transportModules } } },
    message: `Below the transports no room knows Koa, GraphQL or WebSockets: say it as data and let a transport answer (${why}).`,
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'generated/**',
      '.data/**',
      '.build/**',
      'coverage/**',
      'sdk/src/generated/**',
      'sdk/dist/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.ts', 'scripts/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': [
        ...rooms.map(({ room, pattern, file }) => {
          if (room === 'domain') return domainElement;
          return file ? { type: room, pattern, mode: 'file' } : { type: room, pattern, partialMatch: false };
        }),
        { type: 'generated', pattern: 'generated', partialMatch: false },
        ...outsideSrc.map((folder) => ({ type: folder, pattern: folder, partialMatch: false })),
      ],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-warnings': false,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: true,
          checkUnknownLocals: true,
          policies: [...upwardPolicies, ...areaPolicies, ...modulePolicies],
        },
      ],
      // Every file of src/ and scripts/ stands in a room, and every file of src/domain in an area of
      // `domainFloors`, so a new folder cannot slip past the floors.
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // The SDK is a package of its own (docs/sdk.md#layout): it imports its own files and graphql-ws,
    // nothing of the service and no Node built-in, so it runs in browsers and Node alike.
    files: ['sdk/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\.?/|graphql-ws$)',
              message: 'The SDK depends on graphql-ws only: no other package, no Node built-in (docs/sdk.md#layout).',
            },
            {
              regex: '^\\.\\./\\.\\./',
              message:
                "The SDK imports only its own sources under sdk/src, never the service's code (docs/sdk.md#layout).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/config/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', dynamicImportRule] },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config/**'],
    rules: {
      // Flat config replaces a rule's options per file, so both src/ blocks name dynamicImportRule.
      'no-restricted-syntax': ['error', dynamicImportRule, ...environmentRules],
      'no-restricted-imports': [
        'error',
        {
          paths: environmentImports,
        },
      ],
    },
  },
  {
    // The organization scope has one home (docs/identity.md#organization-scope): readers apply it in
    // their own statement, so the domain passes an OrganizationScope on and never compares
    // organization ids. Flat config replaces a rule's options per file, so this block repeats the
    // src/ selectors before adding its own.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', dynamicImportRule, ...environmentRules, ...organizationComparisonRules],
      // Adapters live in src/providers (docs/architecture.md#areas-of-the-domain): no file system,
      // Redis or identity-provider client in the domain.
      'no-restricted-imports': ['error', { paths: [...environmentImports, ...adapterImports] }],
    },
  },
);

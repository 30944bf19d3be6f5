// The layer rules of eslint.config.js hold (docs/architecture.md#layers): small snippets, linted
// at virtual paths in src/ with the project's own configuration, prove that each forbidden kind
// of import fails lint with its rule's message, and that the imports the floors allow pass.
// Every snippet imports a file that exists, so the rule sees where the import lands.
import path from 'node:path';
import { ESLint } from 'eslint';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function lintMessages(file: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

async function assertRefused(file: string, code: string, ruleId: string, message: string | RegExp): Promise<void> {
  const messages = await lintMessages(file, code);
  const found = messages.filter((entry) => entry.ruleId === ruleId);
  assert.ok(found.length > 0, `${file}: expected ${ruleId}, got ${JSON.stringify(messages)}`);
  for (const entry of found) {
    if (typeof message === 'string') assert.ok(entry.message.startsWith(message), `${file}: ${entry.message}`);
    else assert.match(entry.message, message, `${file}: ${entry.message}`);
  }
}

async function assertAllowed(file: string, code: string): Promise<void> {
  assert.equal(await lintMessages(file, code), [], `${file} should pass lint`);
}

const upward = (from: string) =>
  new RegExp(
    `^${from} may import only rooms below it \\(.*\\) and generated/: .*\\(docs/architecture\\.md#layers\\)\\.$`,
  );
const databaseMessage =
  'Only src/records, src/access, src/stores and src/db use Kysely or pg, so no query can skip the access rules (docs/architecture.md#layers).';
const envMessage =
  'Read configuration through src/config, the only reader of process.env (docs/architecture.md#layers).';

const upwardImports: readonly [from: string, file: string, code: string][] = [
  [
    'src/domain',
    'src/domain/assets/probe.ts',
    "import type { HttpState } from '../../http/koa-state.ts';\nexport type Probe = HttpState;\n",
  ],
  [
    'src/access',
    'src/access/probe.ts',
    "import { createAssetCatalog } from '../domain/assets/asset-catalog.ts';\nexport const probe = createAssetCatalog;\n",
  ],
  [
    'src/documents',
    'src/documents/probe.ts',
    "import { createAssetCatalog } from '../domain/assets/asset-catalog.ts';\nexport const probe = createAssetCatalog;\n",
  ],
  [
    'src/providers',
    'src/providers/kyc/probe.ts',
    "import type { DocumentOutput } from '../../domain/documents/document-output.ts';\nexport type Probe = DocumentOutput;\n",
  ],
  [
    'src/access',
    'src/access/probe.ts',
    "import type { HttpState } from '../http/koa-state.ts';\nexport type Probe = HttpState;\n",
  ],
  [
    'src/records',
    'src/records/probe.ts',
    "import { createAssetCatalog } from '../domain/assets/asset-catalog.ts';\nexport const probe = createAssetCatalog;\n",
  ],
  [
    'src/access',
    'src/access/probe.ts',
    "import { createCoinPriceTable } from '../records/prices/coin-price-table.ts';\nexport const probe = createCoinPriceTable;\n",
  ],
  [
    'src/db',
    'src/db/probe.ts',
    "import { anonymous } from '../access/principal.ts';\nexport const probe = anonymous;\n",
  ],
  [
    'src/stores',
    'src/stores/probe.ts',
    "import { anonymous } from '../access/principal.ts';\nexport const probe = anonymous;\n",
  ],
  [
    'src/errors',
    'src/errors/probe.ts',
    "import { createLogger } from '../observability/logger.ts';\nexport const probe = createLogger;\n",
  ],
  [
    'src/spec-review',
    'src/spec-review/probe.ts',
    "import { createAssetCatalog } from '../domain/assets/asset-catalog.ts';\nexport const probe = createAssetCatalog;\n",
  ],
  [
    'src/spec-review',
    'src/spec-review/probe.ts',
    "import { ReviewError } from '../access-review/review-error.ts';\nexport const probe = ReviewError;\n",
  ],
];

for (const [from, file, code] of upwardImports) {
  test(`${file}: an import of a room that is not below ${from} fails lint`, async () => {
    await assertRefused(file, code, 'boundaries/dependencies', upward(from));
  });
}

test('a room beside another on its floor may not import it, nor re-export from it', async () => {
  await assertRefused(
    'src/http/probe.ts',
    "export type { DataRequest } from '../data-layer/data-request.ts';\n",
    'boundaries/dependencies',
    upward('src/http'),
  );
  await assertRefused(
    'src/documents/probe.ts',
    "export * from '../providers/kyc/kyc-provider.ts';\n",
    'boundaries/dependencies',
    upward('src/documents'),
  );
});

const areaRefusal = (from: string) =>
  new RegExp(
    `^src/domain/${from} may import only the areas of src/domain below it \\(.*\\): .*\\. Upward and sideways imports between the areas of src/domain are refused \\(docs/architecture\\.md#areas-of-the-domain\\)\\.$`,
  );

const areaImports: readonly [from: string, file: string, code: string][] = [
  [
    'market-data',
    'src/domain/market-data/probe.ts',
    "import { walkOrderBook } from '../trading/order-book-walk.ts';\nexport const probe = walkOrderBook;\n",
  ],
  [
    'identity',
    'src/domain/identity/probe.ts',
    "import type { KycProfileView } from '../kyc/kyc-profile-view.ts';\nexport type Probe = KycProfileView;\n",
  ],
  [
    'money',
    'src/domain/money/probe.ts',
    "import { unstorableText } from '../text/storable-text.ts';\nexport const probe = unstorableText;\n",
  ],
  ['wallets', 'src/domain/wallets/probe.ts', "export const probe = () => import('../trading/otc-amounts.ts');\n"],
  ['funds', 'src/domain/funds/probe.ts', "export * from '../documents/document-output.ts';\n"],
];

for (const [from, file, code] of areaImports) {
  test(`${file}: an import of an area of src/domain that is not below ${from} fails lint`, async () => {
    await assertRefused(file, code, 'boundaries/dependencies', areaRefusal(from));
  });
}

test('a file of src/domain outside every area fails lint: a new area must be given a floor', async () => {
  await assertRefused('src/domain/probe.ts', 'export const probe = 1;\n', 'boundaries/no-unknown-files', /./);
  await assertRefused('src/domain/new-area/probe.ts', 'export const probe = 1;\n', 'boundaries/no-unknown-files', /./);
});

test('imports of the areas of src/domain below an area pass, and so do those inside an area', async () => {
  await assertAllowed(
    'src/domain/trading/probe.ts',
    "import type { OrderBook } from '../market-data/order-book-source.ts';\nimport { parseDecimal } from '../money/decimal.ts';\nimport { rateScale } from './order-book-walk.ts';\nexport type Probe = OrderBook;\nexport const probe = [parseDecimal, rateScale];\n",
  );
  await assertAllowed(
    'src/domain/documents/probe.ts',
    "import type { FileStorage } from '../files/file-storage.ts';\nimport { statementPeriod } from '../funds/statement-period.ts';\nexport type Probe = FileStorage;\nexport const probe = statementPeriod;\n",
  );
});

test('a transport never imports kysely, pg, src/db or src/stores', async () => {
  await assertRefused(
    'src/http/probe.ts',
    "import { sql } from 'kysely';\nexport const probe = sql;\n",
    'boundaries/dependencies',
    databaseMessage,
  );
  await assertRefused(
    'src/data-layer/probe.ts',
    "import pg from 'pg';\nexport const probe = pg;\n",
    'boundaries/dependencies',
    databaseMessage,
  );
  await assertRefused(
    'src/graphql/probe.ts',
    "import type { Db } from '../db/create-database.ts';\nexport type Probe = Db;\n",
    'boundaries/dependencies',
    upward('src/graphql'),
  );
  await assertRefused(
    'src/http/probe.ts',
    "import { createSessionStore } from '../stores/session-store.ts';\nexport const probe = createSessionStore;\n",
    'boundaries/dependencies',
    upward('src/http'),
  );
});

test('only src/records, src/access, src/stores and src/db use Kysely', async () => {
  await assertRefused(
    'src/domain/health/probe.ts',
    "import type { Kysely } from 'kysely';\nexport type Probe = Kysely<object>;\n",
    'boundaries/dependencies',
    databaseMessage,
  );
  await assertRefused(
    'src/composition/probe.ts',
    "import { CompiledQuery } from 'kysely';\nexport const probe = CompiledQuery;\n",
    'boundaries/dependencies',
    databaseMessage,
  );
});

test('process.env outside src/config fails lint, however it is spelled', async () => {
  const spellings = [
    'export const probe = process.env.HOME;\n',
    'export const probe = globalThis.process.env.HOME;\n',
    "export const probe = process['env'];\n",
    'const { env } = process;\nexport const probe = env;\n',
    'const { env } = globalThis.process;\nexport const probe = env;\n',
  ];
  for (const code of spellings)
    await assertRefused('src/domain/health/probe.ts', code, 'no-restricted-syntax', envMessage);
  await assertRefused(
    'src/http/probe.ts',
    "import { env } from 'node:process';\nexport const probe = env;\n",
    'no-restricted-imports',
    /Read configuration through src\/config, the only reader of process\.env \(docs\/architecture\.md#layers\)\.$/,
  );
});

test('the domain comparing organization ids fails lint: the scope belongs in the reader (docs/identity.md#organization-scope)', async () => {
  const message =
    'The domain never compares organization ids: pass the OrganizationScope to a reader, which applies it in its statement (docs/identity.md#organization-scope).';
  const comparisons = [
    'export const probe = (a: { organizationId: string }, b: string) => a.organizationId === b;\n',
    'export const probe = (a: string, b: { organizationId: string | null }) => a !== b.organizationId;\n',
    'export const probe = (organizationId: string, other: string) => organizationId === other;\n',
    'export const probe = (walletOrganizationId: string, other: string) => walletOrganizationId != other;\n',
    'export const probe = (user: { organizationIds: string[] }, id: string) => user.organizationIds.includes(id);\n',
  ];
  for (const code of comparisons)
    await assertRefused('src/domain/wallets/probe.ts', code, 'no-restricted-syntax', message);
  await assertAllowed(
    'src/domain/kyc/probe.ts',
    'export const probe = (organizationId: string | null | undefined) => organizationId !== null && organizationId !== undefined;\n',
  );
  await assertAllowed(
    'src/access/probe.ts',
    'export const probe = (a: { organizationId: string }, b: string) => a.organizationId === b;\n',
  );
});

test('the domain importing what only an adapter imports fails lint: the file system, Redis, the OIDC client', async () => {
  const message =
    /The domain drives outside systems through src\/providers, where the adapters live \(docs\/architecture\.md#areas-of-the-domain\)\.$/;
  for (const name of ['node:fs', 'node:fs/promises', 'fs', 'ioredis', 'openid-client'])
    await assertRefused(
      'src/domain/files/probe.ts',
      `import * as adapter from '${name}';\nexport const probe = adapter;\n`,
      'no-restricted-imports',
      message,
    );
  await assertAllowed(
    'src/providers/files/probe.ts',
    "import { readFile } from 'node:fs/promises';\nexport const probe = readFile;\n",
  );
});

test('a dynamic import() of a room above fails lint, and so does one whose module is computed', async () => {
  await assertRefused(
    'src/domain/health/probe.ts',
    "export const probe = () => import('../../http/router.ts');\n",
    'boundaries/dependencies',
    upward('src/domain'),
  );
  await assertRefused(
    'src/access/probe.ts',
    "export const probe = () => import('kysely').then(() => import('../domain/assets/asset-catalog.ts'));\n",
    'boundaries/dependencies',
    upward('src/access'),
  );
  await assertRefused(
    'src/domain/health/probe.ts',
    'export const probe = (name: string) => import(name);\n',
    'no-restricted-syntax',
    'import() names its module with a string literal, so the layer rules can check it (docs/architecture.md#layers).',
  );
});

test('src/ never imports scripts/ or test/', async () => {
  await assertRefused(
    'src/domain/health/probe.ts',
    "import { runGenerators } from '../../../scripts/codegen/run-generators.ts';\nexport const probe = runGenerators;\n",
    'boundaries/dependencies',
    upward('src/domain'),
  );
  await assertRefused(
    'src/config/probe.ts',
    "import { createTestDatabase } from '../../test/support/test-database.ts';\nexport const probe = createTestDatabase;\n",
    'boundaries/dependencies',
    upward('src/config'),
  );
});

test('a file of src/ outside every room fails lint: a new folder must be given a floor', async () => {
  await assertRefused('src/new-room/probe.ts', 'export const probe = 1;\n', 'boundaries/no-unknown-files', /./);
});

test('imports the floors allow pass', async () => {
  await assertAllowed(
    'src/domain/health/probe.ts',
    "import type { Principal } from '../../access/principal.ts';\nimport { AppError } from '../../errors/app-error.ts';\nexport type Probe = Principal;\nexport const error = AppError;\n",
  );
  await assertAllowed(
    'src/http/probe.ts',
    "import type { DocumentOutput } from '../domain/documents/document-output.ts';\nexport type Probe = DocumentOutput;\n",
  );
  await assertAllowed(
    'src/data-layer/probe.ts',
    "import type { RootFieldPlan } from '../records/data-layer-sql/query-plan.ts';\nexport type Probe = RootFieldPlan;\n",
  );
  await assertAllowed(
    'src/graphql/probe.ts',
    "import type { HttpState } from '../http/koa-state.ts';\nexport type Probe = HttpState;\n",
  );
  await assertAllowed('src/composition/probe.ts', "export const probe = () => import('../http/http-app.ts');\n");
  await assertAllowed(
    'src/access/probe.ts',
    "import { sql } from 'kysely';\nimport { createSessionStore } from '../stores/session-store.ts';\nexport const probe = [sql, createSessionStore];\n",
  );
  await assertAllowed(
    'src/records/probe.ts',
    "import { sql } from 'kysely';\nimport { organizationInScope } from '../access/organization-scope.ts';\nexport const probe = [sql, organizationInScope];\n",
  );
  await assertAllowed(
    'src/documents/probe.ts',
    "import { packageAssetFolders } from '../assets/asset-packages.ts';\nexport const probe = packageAssetFolders;\n",
  );
  await assertAllowed('src/config/probe.ts', 'export const probe = process.env.HOME;\n');
  await assertAllowed(
    'src/spec-review/probe.ts',
    "import { parseAllowEntries } from '../allow-lists/allow-list-file.ts';\nexport const probe = parseAllowEntries;\n",
  );
  await assertAllowed(
    'scripts/probe.ts',
    "import { adminRole } from '../src/records/data-layer-sql/admin-role.ts';\nexport const probe = adminRole;\n",
  );
});

test.run();

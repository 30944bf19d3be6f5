// The SDK as a client team uses it (docs/sdk.md#how-it-is-tested): a project outside the
// repository installs the package from the tarball `npm pack` makes of sdk/ (offline: its one
// dependency, graphql-ws, and that one's peer graphql are packed from this repository's
// node_modules), and a TypeScript program there, type-checked by tsc and run by Node, talks to the
// running demo service: token exchange, session and an invoice PDF over REST, `ping`, a price and
// a paged list over GraphQL, and an order book followed through the helper until it equals the
// market-data simulator's. The data layer's SDL is in the package. A second file with wrong
// argument types must fail tsc with the expected errors.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { MarketDataSimulatorServer } from '../../src/providers/market-data/market-data-simulator-server.ts';
import { printedLevels } from '../graphql/order-book/client-book.ts';
import { type FakeIdentityProvider, startFakeIdentityProvider } from '../support/fake-identity-provider.ts';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';
import { startMarketDataFake } from '../support/provider-fakes/market-data-fake.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
let provider: FakeIdentityProvider;
let simulator: MarketDataSimulatorServer;
let api: BusinessApiClient;
let control: http.Server;
let project: string;

/** The test's own endpoint: the program asks it to move the simulator's BTC-USD book and gets the book to expect. */
function startControl(): Promise<string> {
  control = http.createServer((request, response) => {
    if (request.url !== '/emit') {
      response.writeHead(404).end();
      return;
    }
    for (let round = 0; round < 3; round += 1) simulator.emit(['BTC-USD']);
    const book = simulator.simulator.snapshot('BTC-USD');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ bids: printedLevels(book?.bids ?? [], 'desc'), asks: printedLevels(book?.asks ?? [], 'asc') }),
    );
  });
  return new Promise((resolve) =>
    control.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(control.address() as AddressInfo).port}`)),
  );
}

test.before(async () => {
  provider = await startFakeIdentityProvider({ audience: 'platform-api' });
  const marketData = await startMarketDataFake(['BTC-USD']);
  simulator = marketData.server;
  api = await startBusinessApi({
    seed: 'demo',
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'platform', OIDC_AUDIENCE: 'platform-api' },
    providers: [marketData],
  });
  project = mkdtempSync(path.join(tmpdir(), 'sdk-consumer-'));
  await installSdk();
});
test.after(async () => {
  await api?.close();
  await provider?.close();
  await new Promise<void>((resolve) => (control ? control.close(() => resolve()) : resolve()));
  rmSync(project, { recursive: true, force: true });
});

/** `npm pack <folder>` into the project's packs/; the tarball's path. */
async function pack(folder: string): Promise<string> {
  const destination = path.join(project, 'packs');
  mkdirSync(destination, { recursive: true });
  // No lifecycle scripts: graphql-ws' prepack would rebuild it with its own tooling.
  const { stdout } = await run(
    'npm',
    ['pack', folder, '--pack-destination', destination, '--silent', '--ignore-scripts'],
    {
      cwd: project,
    },
  );
  return path.join(destination, stdout.trim().split('\n').at(-1) ?? '');
}

/** The consumer project: its package.json, and the SDK installed from its tarball without the network. */
async function installSdk(): Promise<void> {
  const tarballs = await Promise.all([
    pack(path.join(repo, 'sdk')),
    pack(path.join(repo, 'node_modules/graphql-ws')),
    pack(path.join(repo, 'node_modules/graphql')),
  ]);
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'sdk-consumer', private: true, type: 'module' }),
  );
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], {
    cwd: project,
  });
}

const tsconfig = (file: string) => ({
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  },
  files: [file],
});

async function typecheck(config: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { cwd: project });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const program = (
  config: Record<string, string>,
) => `// A client team's program: typed REST and GraphQL calls and an order book, through the SDK.
import {
  CoinPriceDocument,
  DigitalAssetsByOrganizationIdDocument,
  PingDocument,
  createPlatformClient,
  createSubscriptionClient,
  followOrderBooks,
  paginate,
  type Decimal,
  type OrderBook,
} from '@wealth-platform/sdk';

const config = ${JSON.stringify(config, null, 2)};

function fail(what: string, error: { status: number; code: string | null; message: string }): never {
  throw new Error(\`\${what}: \${error.status} \${error.code} \${error.message}\`);
}

const anonymous = createPlatformClient({ baseUrl: config.baseUrl });
const exchanged = await anonymous.rest.exchangeToken({ body: { token: config.providerToken } });
if (exchanged.error) fail('token exchange', exchanged.error);
const user = createPlatformClient({ baseUrl: config.baseUrl, auth: { bearerAuth: exchanged.data.token } });
const session = await user.rest.getSession();
if (session.error) fail('session', session.error);
const pdf = await user.rest.getInvoiceDocument({ path: { invoiceId: 1 }, query: { format: 'pdf' } }, { as: 'bytes' });
if (pdf.error) fail('invoice', pdf.error);
const pdfBytes: Uint8Array = pdf.data;

const api = createPlatformClient({ baseUrl: config.baseUrl, auth: { apiKey: config.apiKey } });
const ping = await api.graphql.request(PingDocument);
const price = await api.graphql.request(CoinPriceDocument, { symbol: 'BTC' });
if (price.errors) throw new Error(price.errors.map((error) => error.extensions.code).join());
const usdPrice: Decimal | undefined = price.data.coinPrice?.usdPrice;
const assets: string[] = [];
for await (const asset of paginate(api.graphql, DigitalAssetsByOrganizationIdDocument, { organizationId: config.aurora }, { pageSize: 2 })) {
  assets.push(asset.symbol);
}

const subscriptions = createSubscriptionClient({ url: config.webSocketUrl, apiKey: config.apiKey });
const printed = (book: OrderBook | undefined) => JSON.stringify({
  bids: book?.bids.map((level) => \`\${level.price} \${level.size}\`),
  asks: book?.asks.map((level) => \`\${level.price} \${level.size}\`),
});
let changed = () => {};
const follower = followOrderBooks(subscriptions, ['BTC-USD'], { onBook: () => changed() });
const until = (condition: () => boolean) => new Promise<void>((resolve) => {
  changed = () => condition() && resolve();
  changed();
});
await until(() => follower.book('BTC-USD')?.stale === false);
const firstSequence = follower.book('BTC-USD')?.sequence;
const expected = JSON.stringify(await (await fetch(\`\${config.control}/emit\`)).json());
await until(() => printed(follower.book('BTC-USD')) === expected);
const book = follower.book('BTC-USD');
follower.close();
await subscriptions.dispose();

console.log(JSON.stringify({
  user: session.data.userID,
  pdf: new TextDecoder().decode(pdfBytes.subarray(0, 5)),
  ping: ping.data?.ping,
  price: { symbol: price.data.coinPrice?.symbol, exact: typeof usdPrice === 'string' && /^\\d+(\\.\\d+)?$/.test(usdPrice), updatedAt: price.data.coinPrice?.updatedAt instanceof Date },
  assets: assets.length,
  orderBook: { firstSequence, moved: (book?.sequence ?? 0) > 1, stale: book?.stale, equalsSimulator: printed(book) === expected, bothSides: (book?.bids.length ?? 0) > 0 && (book?.asks.length ?? 0) > 0 },
}));
`;

const wrongTypes = `// Wrong argument types: tsc must refuse both calls.
import { CoinPriceDocument, createPlatformClient } from '@wealth-platform/sdk';

const client = createPlatformClient({ baseUrl: 'http://127.0.0.1:1' });
await client.graphql.request(CoinPriceDocument, { symbol: 42 });
await client.rest.getInvoiceDocument({ path: { invoiceId: 'INV-1' } });
`;

test('a project outside the repository installs the packed SDK offline, type-checks and runs against the demo service', async () => {
  const aurora = '11111111-0000-4000-8000-000000000001';
  writeFileSync(
    path.join(project, 'main.ts'),
    program({
      baseUrl: api.service.url,
      webSocketUrl: `${api.service.url.replace('http', 'ws')}/graphql`,
      apiKey: api.adminKey,
      providerToken: await provider.sign({ sub: 'demo-carol' }, { expiresIn: 600 }),
      aurora,
      control: await startControl(),
    }),
  );
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig('main.ts')));
  const checked = await typecheck('tsconfig.json');
  assert.equal(checked, { code: 0, output: '' });

  const { stdout } = await run(process.execPath, ['main.ts'], { cwd: project });
  assert.equal(JSON.parse(stdout), {
    user: 'demo-carol',
    pdf: '%PDF-',
    ping: 'pong',
    price: { symbol: 'BTC', exact: true, updatedAt: true },
    assets: 5,
    orderBook: { firstSequence: 1, moved: true, stale: false, equalsSimulator: true, bothSides: true },
  });
});

test("the package carries the data layer's per-role SDL as codegen made it", () => {
  const installed = path.join(project, 'node_modules/@wealth-platform/sdk/data-layer/investor.graphql');
  assert.is(
    readFileSync(installed, 'utf8'),
    readFileSync(path.join(repo, 'generated/data-layer/investor.graphql'), 'utf8'),
  );
});

test('wrong argument types fail tsc with the expected errors', async () => {
  writeFileSync(path.join(project, 'wrong-types.ts'), wrongTypes);
  writeFileSync(path.join(project, 'tsconfig.wrong.json'), JSON.stringify(tsconfig('wrong-types.ts')));
  const checked = await typecheck('tsconfig.wrong.json');
  assert.equal(checked.code, 2);
  assert.equal(checked.output.trim().split('\n'), [
    "wrong-types.ts(5,51): error TS2322: Type 'number' is not assignable to type 'string'.",
    "wrong-types.ts(6,48): error TS2322: Type 'string' is not assignable to type 'number'.",
  ]);
});

test.run();

// The asset service over the installed icon packages (docs/assets.md): coins, flags, networks,
// placeholders, hostile input kept inside the package folders, and the bounded cache.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { packageAssetFolders } from '../../../src/assets/asset-packages.ts';
import { demoKycDocuments, demoKycProfiles } from '../../../src/db/seed/demo-compliance.ts';
import { demoCoins, demoTradingProducts } from '../../../src/db/seed/demo-market.ts';
import { demoOrganizations } from '../../../src/db/seed/demo-organizations.ts';
import { createAssetCatalog, networkLogos, networkSymbolPattern } from '../../../src/domain/assets/asset-catalog.ts';
import { type AssetImage, createAssetService } from '../../../src/domain/assets/asset-service.ts';
import { coinPlaceholderSvg, placeholderColor } from '../../../src/domain/assets/coin-placeholder.ts';
import { AppError } from '../../../src/errors/app-error.ts';

const folders = packageAssetFolders();
const catalog = createAssetCatalog(folders);

function countingService(options: { maxCachedEntries?: number; maxCachedBytes?: number } = {}) {
  const reads: string[] = [];
  const service = createAssetService({
    catalog,
    ...options,
    readFile: async (file) => {
      reads.push(file);
      return readFile(file);
    },
  });
  return { service, reads };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  assert.instance(error, AppError, 'expected a rejection with an AppError');
  return error as AppError;
}

function inside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

test('the package folders are found through the resolver', () => {
  assert.match(folders.coins, /node_modules[\\/]cryptocurrency-icons[\\/]svg[\\/]color$/);
  assert.match(folders.flags, /node_modules[\\/]flag-icons[\\/]flags[\\/]4x3$/);
});

test('a known coin answers its packaged SVG, whatever the case of the symbol', async () => {
  const { service } = countingService();
  const lower = await service.coinImage('btc');
  const upper = await service.coinImage('BTC');
  const mixed = await service.coinImage('bTc');
  assert.is(lower.contentType, 'image/svg+xml');
  assert.match(lower.body, /^<svg[\s>]/);
  assert.is(lower.placeholder, false);
  assert.match(lower.etag, /^"[0-9a-f]{32}"$/);
  assert.is(upper.etag, lower.etag);
  assert.is(mixed.body, lower.body);
  assert.is.not((await service.coinImage('eth')).etag, lower.etag);
});

test('the ETag is the quoted SHA-256 prefix of the body sent', async () => {
  const { createHash } = await import('node:crypto');
  const image = await createAssetService({ catalog }).coinImage('eth');
  const expected = createHash('sha256')
    .update(await readFile(path.join(folders.coins, 'eth.svg')))
    .digest('hex')
    .slice(0, 32);
  assert.is(image.etag, `"${expected}"`);
});

test('every coin, quote currency, network and country of the demo data resolves', async () => {
  const service = createAssetService({ catalog });
  const coins = new Set([
    ...demoCoins.map((c) => c.symbol),
    ...demoTradingProducts.flatMap((p) => [p.base_currency, p.quote_currency]),
  ]);
  for (const symbol of coins) {
    assert.is((await service.coinImage(symbol)).placeholder, false, `coin ${symbol}`);
    assert.is((await service.coinIcon(symbol)).placeholder, false, `coin icon ${symbol}`);
  }
  for (const network of new Set(demoCoins.map((c) => c.network))) {
    assert.match((await service.networkImage(network)).body, /^<svg/, `network ${network}`);
  }
  const countries = new Set(
    [...demoOrganizations, ...demoKycProfiles, ...demoKycDocuments]
      .map((row) => (row as { country_code?: string | null }).country_code)
      .filter((code): code is string => typeof code === 'string'),
  );
  assert.ok(countries.size >= 3, 'the demo data names countries');
  for (const code of countries) assert.match((await service.flagImage(code)).body, /^<svg/, `flag ${code}`);
});

test('flags are found by country code in any case', async () => {
  const service = createAssetService({ catalog });
  const de = await service.flagImage('de');
  assert.is((await service.flagImage('DE')).etag, de.etag);
  assert.is((await service.flagImage('De')).etag, de.etag);
  assert.is.not((await service.flagImage('ch')).etag, de.etag);
  assert.is(catalog.flagFile('GB'), path.join(folders.flags, 'gb.svg'));
});

test('a network answers the icon of its native coin, by name or ticker', async () => {
  const service = createAssetService({ catalog });
  const same = async (network: string, coin: string) =>
    assert.is((await service.networkImage(network)).etag, (await service.coinImage(coin)).etag, `${network} → ${coin}`);
  await same('ethereum', 'eth');
  await same('ETH', 'eth');
  await same('Bitcoin', 'btc');
  await same('solana', 'sol');
  await same('avalanche', 'avax');
  await same('polygon', 'matic');
  await same('pol', 'matic');
  await same('bsc', 'bnb');
  await same('tron', 'trx');
});

test('every network name is lowercase, fits the spec pattern and is listed once', () => {
  const names = networkLogos.flatMap(([, list]) => list);
  assert.is(new Set(names).size, names.length);
  for (const name of names) {
    assert.ok(networkSymbolPattern.test(name), name);
    assert.is(name, name.toLowerCase());
  }
});

test('unknown coins, countries and networks are NOT_FOUND with a message naming them', async () => {
  const service = createAssetService({ catalog });
  const coin = await rejection(service.coinImage('NOPECOIN42'));
  assert.is(coin.code, 'NOT_FOUND');
  assert.is(coin.message, 'no image for coin symbol NOPECOIN42');
  const flag = await rejection(service.flagImage('QQ'));
  assert.is(flag.code, 'NOT_FOUND');
  assert.is(flag.message, 'no flag for country code QQ');
  for (const network of ['arbitrum', 'optimism', 'base', 'usdt', 'unknownchain']) {
    const error = await rejection(service.networkImage(network));
    assert.is(error.code, 'NOT_FOUND', network);
    assert.is(error.message, `no logo for network ${network}`);
  }
});

test('names of Object.prototype members are unknown, not inherited', async () => {
  const service = createAssetService({ catalog });
  for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
    assert.is((await rejection(service.coinImage(name))).code, 'NOT_FOUND', name);
    assert.is((await rejection(service.networkImage(name))).code, 'NOT_FOUND', name);
  }
});

test('hostile input is rejected before any file is read, and never reaches outside the packages', async () => {
  const { service, reads } = countingService();
  const hostile = [
    '',
    '.',
    '..',
    '../package',
    '..%2fpackage',
    '%2e%2e',
    '%2e%2e%2fpackage',
    'btc.svg',
    'btc/',
    '/etc/passwd',
    '..\\package',
    'btc\u0000',
    'btc ',
    ' btc',
    'ＢＴＣ',
    'bitcoin₿',
    'ß',
    'İ',
    'a'.repeat(16),
    'a'.repeat(100_000),
    'gb-eng',
    '__proto__',
  ];
  for (const input of hostile) {
    for (const call of [service.coinImage, service.coinIcon, service.networkImage, service.flagImage]) {
      assert.is((await rejection(call(input))).code, 'VALIDATION_FAILED', JSON.stringify(input.slice(0, 20)));
    }
  }
  // Valid shape but no such file: a lookup miss, not a path.
  for (const input of ['con', 'nul', 'aux', 'package', 'manifest', 'readme']) {
    assert.is((await rejection(service.coinImage(input))).code, 'NOT_FOUND', input);
    assert.is((await rejection(service.networkImage(input))).code, 'NOT_FOUND', input);
  }
  assert.is((await rejection(service.flagImage('zz'))).code, 'NOT_FOUND');
  assert.equal(reads, []);
});

test('every file the catalog can answer lies inside its package folder', () => {
  for (const [coinIcon, names] of networkLogos) {
    for (const name of names) assert.ok(inside(folders.coins, catalog.networkFile(name) ?? ''), name);
    assert.ok(inside(folders.coins, catalog.coinFile(coinIcon) ?? ''), coinIcon);
  }
  for (const code of ['de', 'us', 'eu', 'xk']) assert.ok(inside(folders.flags, catalog.flagFile(code) ?? ''), code);
});

test('the catalog ignores symlinks and files whose names do not fit the pattern', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'asset-catalog-'));
  try {
    const coins = path.join(root, 'coins');
    const flags = path.join(root, 'flags');
    mkdirSync(coins);
    mkdirSync(flags);
    for (const [coinIcon] of networkLogos) writeFileSync(path.join(coins, `${coinIcon}.svg`), '<svg/>');
    writeFileSync(path.join(root, 'secret.svg'), 'secret');
    symlinkSync(path.join(root, 'secret.svg'), path.join(coins, 'evil.svg'));
    writeFileSync(path.join(coins, 'UPPER.svg'), '<svg/>');
    writeFileSync(path.join(coins, 'notes.txt'), 'text');
    writeFileSync(path.join(flags, 'de.svg'), '<svg/>');
    writeFileSync(path.join(flags, 'gb-eng.svg'), '<svg/>');
    const local = createAssetCatalog({ coins, flags });
    assert.is(local.coinFile('evil'), undefined);
    assert.is(local.coinFile('upper'), undefined);
    assert.is(local.coinFile('notes'), undefined);
    assert.is(local.coinFile('btc'), path.join(coins, 'btc.svg'));
    assert.is(local.flagFile('DE'), path.join(flags, 'de.svg'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a catalog whose coin folder lacks a network logo fails at creation, naming it', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'asset-catalog-'));
  try {
    writeFileSync(path.join(root, 'btc.svg'), '<svg/>');
    assert.throws(() => createAssetCatalog({ coins: root, flags: folders.flags }), /network logo eth is missing/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an unknown coin icon is a generated placeholder, the same for any case of the symbol', async () => {
  const { service, reads } = countingService();
  const upper = await service.coinIcon('XYZ');
  const lower = await service.coinIcon('xyz');
  assert.is(upper.placeholder, true);
  assert.is(upper.contentType, 'image/svg+xml');
  assert.is(upper.body, coinPlaceholderSvg('XYZ'));
  assert.is(lower.etag, upper.etag);
  assert.match(upper.body, />XYZ<\/text>/);
  assert.ok(upper.body.includes(`fill="${placeholderColor('XYZ')}"`));
  assert.is.not((await service.coinIcon('QWE')).etag, upper.etag);
  assert.equal(reads, []);
});

test('the placeholder shows at most three letters and a colour from the symbol', () => {
  assert.match(coinPlaceholderSvg('abcdef'), />ABC<\/text>/);
  assert.match(coinPlaceholderSvg('z'), />Z<\/text>/);
  assert.match(coinPlaceholderSvg('LONGSYMBOL'), /aria-label="LONGSYMBOL"/);
  assert.match(placeholderColor('XYZ'), /^#[0-9A-F]{6}$/);
  assert.is(placeholderColor('xyz'), placeholderColor('XYZ'));
  assert.is.not(placeholderColor('XYZ'), placeholderColor('ABC'));
  assert.throws(
    () => coinPlaceholderSvg('<script>'),
    (error: unknown) => error instanceof AppError && error.code === 'VALIDATION_FAILED',
  );
});

test('each file is read once, also under concurrent requests', async () => {
  const { service, reads } = countingService();
  const images = await Promise.all([service.coinImage('btc'), service.coinIcon('BTC'), service.coinImage('Btc')]);
  await service.coinImage('btc');
  await service.networkImage('bitcoin');
  assert.is(reads.length, 1);
  assert.ok(images.every((image: AssetImage) => image === images[0]));
});

test('the cache is bounded by entries, least recently used first', async () => {
  const { service, reads } = countingService({ maxCachedEntries: 2 });
  await service.coinImage('btc');
  await service.coinImage('eth');
  await service.coinImage('btc');
  await service.coinImage('sol');
  assert.is(reads.length, 3);
  await service.coinImage('btc');
  assert.is(reads.length, 3, 'btc was used recently and stays');
  await service.coinImage('eth');
  assert.is(reads.length, 4, 'eth was evicted');
});

test('the cache is bounded by bytes: a file larger than the bound is served but not kept', async () => {
  const { service, reads } = countingService({ maxCachedBytes: 64 });
  const first = await service.coinImage('btc');
  const second = await service.coinImage('btc');
  assert.is(reads.length, 2);
  assert.is(second.etag, first.etag);
});

test('a failed read is not cached', async () => {
  let failures = 1;
  const service = createAssetService({
    catalog,
    readFile: async (file) => {
      if (failures-- > 0) throw new Error('disk hiccup');
      return readFile(file);
    },
  });
  try {
    await service.coinImage('btc');
    assert.unreachable('the first read fails');
  } catch (error) {
    assert.match((error as Error).message, /disk hiccup/);
  }
  assert.match((await service.coinImage('btc')).body, /^<svg/);
});

test.run();

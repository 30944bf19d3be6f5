// The sparkline service on real PostgreSQL with the demo data (docs/wallet-sparkline.md): the
// window ends at the newest recorded value, the owner rule is applied on every call even when
// the answer is cached, and the cache follows new values at once and corrections within
// 8 minutes.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createUserDirectory } from '../../../src/stores/user-directory.ts';
import { anonymous, type Principal } from '../../../src/access/principal.ts';
import { createWalletValueHistoryTable } from '../../../src/records/wallets/wallet-value-history-table.ts';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { seedDemoData } from '../../../src/db/seed/demo-seed.ts';
import { userPrincipal } from '../../../src/domain/identity/credential-resolver.ts';
import {
  createWalletSparklineService,
  type Sparkline,
  type WalletSparklineService,
} from '../../../src/domain/wallets/wallet-sparkline-service.ts';
import { AppError } from '../../../src/errors/app-error.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let database: TestDatabase;
let db: Db;
let now = Date.parse('2026-03-01T12:00:00Z');
let service: WalletSparklineService;
const principals: Record<string, Principal> = {};

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url, poolSize: 2 }).db;
  await seedDemoData(db);
  const users = createUserDirectory(db);
  for (const id of ['demo-alice', 'demo-bob', 'demo-admin', 'demo-frank']) {
    const profile = await users.find(id);
    if (!profile) throw new Error(`demo user ${id} missing`);
    principals[id] = userPrincipal(profile, 'session-cookie', null);
  }
  service = createWalletSparklineService({ history: createWalletValueHistoryTable(db), now: () => now });
});

test.after(async () => {
  await db?.destroy();
  await database?.drop();
});

function svgOf(sparkline: Sparkline): string {
  if (sparkline.format !== 'svg') throw new Error('expected the svg format');
  return sparkline.svg;
}

function pathPointCount(svg: string): number {
  return (/<path d="([^"]+)"/.exec(svg)?.[1] ?? '').split(/[ML]/).filter(Boolean).length;
}

async function notFound(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  assert.instance(error, AppError);
  assert.is((error as AppError).code, 'NOT_FOUND');
  return (error as AppError).message;
}

test('the window is the last `days` days of recorded history, ending at the newest value (2026-01-01), not now', async () => {
  const alice = principals['demo-alice']!;
  const week = svgOf(await service.sparkline(alice, { walletId: 1, days: 7, format: 'svg' }));
  assert.is(pathPointCount(week), 8, 'Dec 25 … Jan 1: seven days of change');
  assert.match(week, /to 4,029,192\.63/, "ends at the wallet's current value");
  assert.is(pathPointCount(svgOf(await service.sparkline(alice, { walletId: 1, days: 1, format: 'svg' }))), 2);
  assert.is(
    pathPointCount(svgOf(await service.sparkline(alice, { walletId: 1, days: 90, format: 'svg' }))),
    30,
    'all 30 demo points',
  );
});

test('base64 is the same SVG bytes; ETags differ by format and days', async () => {
  const alice = principals['demo-alice']!;
  const svg = await service.sparkline(alice, { walletId: 1, days: 14, format: 'svg' });
  const base64 = await service.sparkline(alice, { walletId: 1, days: 14, format: 'base64' });
  if (base64.format !== 'base64') throw new Error('expected base64');
  assert.is(Buffer.from(base64.json.data, 'base64').toString('utf8'), svgOf(svg));
  assert.is(base64.json.contentType, 'image/svg+xml');
  const other = await service.sparkline(alice, { walletId: 1, days: 15, format: 'svg' });
  assert.is.not(svg.etag, base64.etag);
  assert.is.not(svg.etag, other.etag);
  assert.match(svg.etag, /^"[0-9a-f]{32}"$/);
});

test('only the owner: another user, an administrator and anonymous get the same NOT_FOUND as a missing wallet', async () => {
  const missing = await notFound(
    service.sparkline(principals['demo-alice']!, { walletId: 999, days: 7, format: 'svg' }),
  );
  for (const principal of [principals['demo-bob']!, principals['demo-admin']!, anonymous]) {
    assert.is(
      await notFound(service.sparkline(principal, { walletId: 1, days: 7, format: 'svg' })),
      missing.replace('999', '1'),
    );
  }
  await notFound(service.sparkline(principals['demo-alice']!, { walletId: 2 ** 40, days: 7, format: 'svg' }));
});

test('a cached answer is still refused once the caller no longer owns the wallet', async () => {
  const frank = principals['demo-frank']!;
  const first = await service.sparkline(frank, { walletId: 2, days: 7, format: 'svg' });
  assert.is(await service.sparkline(frank, { walletId: 2, days: 7, format: 'svg' }), first, 'served from the cache');
  await db.updateTable('digital_wallet').set({ owner_user_id: 'demo-bob' }).where('id', '=', 2).execute();
  try {
    await notFound(service.sparkline(frank, { walletId: 2, days: 7, format: 'svg' }));
    assert.equal(await service.sparkline(principals['demo-bob']!, { walletId: 2, days: 7, format: 'svg' }), first);
  } finally {
    await db.updateTable('digital_wallet').set({ owner_user_id: 'demo-frank' }).where('id', '=', 2).execute();
  }
});

test('a new value changes the answer at once; a correction of an older one shows after 8 minutes', async () => {
  const alice = principals['demo-alice']!;
  const before = await service.sparkline(alice, { walletId: 1, days: 7, format: 'svg' });
  await db
    .insertInto('digital_wallet_value_history')
    .values({ wallet_id: 1, recorded_at: '2026-01-02T00:00:00Z', usd_value: '3900000.00' })
    .execute();
  const newValue = await service.sparkline(alice, { walletId: 1, days: 7, format: 'svg' });
  assert.is.not(newValue.etag, before.etag);
  assert.match(svgOf(newValue), /stroke="#b91c1c"/, 'it fell below the value of a week before');
  assert.match(svgOf(newValue), /to 3,900,000\.00/);

  await sql`UPDATE digital_wallet_value_history SET usd_value = 1.00 WHERE wallet_id = 1 AND recorded_at = '2025-12-28T00:00:00Z'`.execute(
    db,
  );
  assert.is(
    (await service.sparkline(alice, { walletId: 1, days: 7, format: 'svg' })).etag,
    newValue.etag,
    'within 8 minutes: cached',
  );
  now += 8 * 60 * 1000;
  const corrected = await service.sparkline(alice, { walletId: 1, days: 7, format: 'svg' });
  assert.is.not(corrected.etag, newValue.etag);
  assert.match(svgOf(corrected), /low 1\.00/);
});

test('a wallet without history draws the empty baseline', async () => {
  await db.deleteFrom('digital_wallet_value_history').where('wallet_id', '=', 3).execute();
  const svg = svgOf(await service.sparkline(principals['demo-bob']!, { walletId: 3, days: 7, format: 'svg' }));
  assert.match(svg, /no value history/);
  assert.match(svg, /stroke-dasharray/);
});

test('days outside 1..90 are refused', async () => {
  for (const days of [0, 91, 1.5]) {
    const error = await service.sparkline(principals['demo-alice']!, { walletId: 1, days, format: 'svg' }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    assert.instance(error, AppError);
    assert.is((error as AppError).code, 'BAD_REQUEST');
  }
});

test.run();

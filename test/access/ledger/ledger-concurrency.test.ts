// The journal under real concurrent connections (docs/ledger.md#concurrency): 50 posts of one id
// post once, 50 resolutions of one pending transfer resolve it once, 50 debits of one wallet never
// overdraw it, linked groups crossing the same accounts in opposite orders all post, 20 posts of
// one linked group post it once, and a post inside a caller's transaction that loses the race to
// another transaction is refused for the caller to run again.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LedgerAccount } from '../../../src/access/ledger/ledger-account-record.ts';
import { LedgerError } from '../../../src/access/ledger/ledger-error.ts';
import { createLedgerJournal, type LedgerJournal } from '../../../src/access/ledger/ledger-journal.ts';
import type { TransferEntry } from '../../../src/access/ledger/transfer-request.ts';
import { assertBalanced } from './ledger-assertions.ts';
import { type LedgerTestBed, openLedgerTestBed } from './ledger-test-bed.ts';

const connections = 50;

let bed: LedgerTestBed;
let journal: LedgerJournal;
let world: LedgerAccount;
let wallets: LedgerAccount[];

test.before(async () => {
  bed = await openLedgerTestBed({ walletCount: 4, poolSize: connections });
  journal = createLedgerJournal(bed.db);
  world = await journal.ensureAccount({ kind: 'world', asset: 'BTC' });
  wallets = [];
  for (const walletId of bed.walletIds)
    wallets.push(await journal.ensureAccount({ kind: 'wallet', walletId, asset: 'BTC' }));
  // Every connection opened before the races, so the calls below run on 50 backends at once.
  await Promise.all(
    Array.from({ length: connections }, () => bed.db.selectNoFrom((eb) => eb.val(1).as('one')).execute()),
  );
});

test.after(async () => {
  await bed?.close();
});

const move = (id: string, from: LedgerAccount, to: LedgerAccount, amount: bigint) => ({
  id,
  debitAccountId: from.id,
  creditAccountId: to.id,
  asset: 'BTC',
  amount,
});

/** Runs `count` calls at once; each settles to its value or its LedgerError's refusal. */
async function race<T>(count: number, call: (index: number) => Promise<T>): Promise<(T | string)[]> {
  const settled = await Promise.allSettled(Array.from({ length: count }, (_, index) => call(index)));
  return settled.map((outcome) => {
    if (outcome.status === 'fulfilled') return outcome.value;
    if (outcome.reason instanceof LedgerError) return outcome.reason.refusal;
    throw outcome.reason;
  });
}

async function available(account: LedgerAccount): Promise<bigint> {
  return (await journal.account(account.id))!.balances.available;
}

test('50 concurrent posts of one id post it once; the other 49 answer it as a replay', async () => {
  const outcomes = await race(connections, () => journal.post(move('deposit:race-1', world, wallets[0]!, 1_000n)));
  const posted = outcomes.filter((outcome) => typeof outcome !== 'string');
  assert.is(posted.length, connections, `no refusal: ${outcomes.filter((outcome) => typeof outcome === 'string')}`);
  assert.is(posted.filter((outcome) => !outcome.replayed).length, 1);
  assert.is(new Set(posted.map((outcome) => outcome.transfer.position)).size, 1);
  assert.is(await available(wallets[0]!), 1_000n);
  assert.is((await journal.transfersOf(wallets[0]!.id)).length, 1);
});

test('50 concurrent resolutions of one pending transfer, posts and voids: exactly one resolves it', async () => {
  await journal.createPending(move('send:race-held-1', wallets[0]!, world, 400n));
  const outcomes = await race(connections, (index) =>
    index % 2 === 0
      ? journal.postPending({ id: `send:race-held-1:post-${index}`, pendingId: 'send:race-held-1', amount: 300n })
      : journal.voidPending({ id: `send:race-held-1:void-${index}`, pendingId: 'send:race-held-1' }),
  );
  const winners = outcomes.filter((outcome) => typeof outcome !== 'string');
  assert.is(winners.length, 1);
  assert.equal(
    outcomes.filter((outcome) => typeof outcome === 'string'),
    Array.from({ length: connections - 1 }, () => 'already_resolved'),
  );
  const expected = winners[0]!.transfer.kind === 'post_pending' ? 700n : 1_000n;
  assert.is(await available(wallets[0]!), expected);
  assert.is((await journal.account(wallets[0]!.id))!.balances.debitsPending, 0n);
});

test('50 concurrent debits of 10 from a wallet holding 100: exactly 10 post, 40 are refused, none overdraws', async () => {
  await journal.post(move('deposit:race-2', world, wallets[1]!, 100n));
  const outcomes = await race(connections, (index) =>
    journal.post(move(`send:race-2-${index}`, wallets[1]!, world, 10n)),
  );
  assert.is(outcomes.filter((outcome) => typeof outcome !== 'string').length, 10);
  assert.is(outcomes.filter((outcome) => outcome === 'insufficient_funds').length, 40);
  assert.is(await available(wallets[1]!), 0n);
});

test('linked groups moving between the same accounts in opposite orders all post, none deadlocks', async () => {
  const [a, b, c] = [wallets[1]!, wallets[2]!, wallets[3]!];
  await journal.post(move('deposit:race-3-b', world, b, 10_000n));
  await journal.post(move('deposit:race-3-c', world, c, 10_000n));
  const group = (index: number): TransferEntry[] =>
    index % 2 === 0
      ? [
          { ...move(`swap:${index}:leg1`, b, c, 7n), kind: 'single' },
          { ...move(`swap:${index}:leg2`, c, a, 3n), kind: 'single' },
        ]
      : [
          { ...move(`swap:${index}:leg1`, c, b, 5n), kind: 'single' },
          { ...move(`swap:${index}:leg2`, b, a, 2n), kind: 'single' },
        ];
  const outcomes = await race(connections, (index) => journal.postLinked(`swap:${index}`, group(index)));
  assert.equal(
    outcomes.filter((outcome) => typeof outcome === 'string'),
    [],
  );
  assert.is(await available(a), 25n * 3n + 25n * 2n);
  assert.is(await available(b), 10_000n - 25n * 7n + 25n * 5n - 25n * 2n);
  assert.is(await available(c), 10_000n + 25n * 7n - 25n * 3n - 25n * 5n);
});

test('20 concurrent posts of one linked group post it once', async () => {
  const entries: TransferEntry[] = [
    { ...move('trade:race-4:leg1', world, wallets[3]!, 11n), kind: 'single' },
    { ...move('trade:race-4:leg2', world, wallets[2]!, 13n), kind: 'single' },
  ];
  const before = [await available(wallets[3]!), await available(wallets[2]!)];
  const outcomes = await race(20, () => journal.postLinked('trade:race-4', entries));
  const posted = outcomes.filter((outcome) => typeof outcome !== 'string');
  assert.is(posted.length, 20);
  assert.is(posted.filter((outcome) => !outcome.replayed).length, 1);
  assert.equal([await available(wallets[3]!), await available(wallets[2]!)], [before[0]! + 11n, before[1]! + 13n]);
  await assertBalanced(bed.db);
});

test("inside a caller's transaction, a post of an id another transaction is posting waits, then is refused for a rerun", async () => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let started: () => void = () => {};
  const posting = new Promise<void>((resolve) => (started = resolve));
  const first = bed.db.transaction().execute(async (trx) => {
    await createLedgerJournal(trx).post(move('deposit:race-5', world, wallets[0]!, 5n));
    started();
    await held;
  });
  await posting;
  const second = bed.db
    .transaction()
    .execute((trx) => createLedgerJournal(trx).post(move('deposit:race-5', world, wallets[0]!, 5n)));
  const outcome = second.then(
    () => 'posted',
    (error: unknown) => (error instanceof LedgerError ? error.refusal : String(error)),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  await first;
  assert.is(await outcome, 'concurrent_duplicate');
  assert.is((await journal.post(move('deposit:race-5', world, wallets[0]!, 5n))).replayed, true);
});

test.run();

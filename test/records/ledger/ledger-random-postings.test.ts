// A seeded random sequence of postings (docs/ledger.md#how-it-is-tested): single, pending, posts
// (whole, partial, too large), voids, resolutions of resolved transfers, linked groups, replays and
// conflicting replays, over wallets, the world, fees, the desk and a fund, in three assets whose
// amounts reach far beyond 64 bits. Each outcome must be the one a tiny model predicts
// (ledger-model.ts); at the end every account's projections equal the model's and the sums of its
// transfers computed here from the journal's rows, and per asset posted debits equal posted
// credits. LEDGER_SEED replays a run (the seed is printed when one fails); LEDGER_STEPS sets its length.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LedgerAccountKey } from '../../../src/records/ledger/ledger-account-key.ts';
import { LedgerError, type LedgerRefusal } from '../../../src/records/ledger/ledger-error.ts';
import { createLedgerJournal, type LedgerJournal } from '../../../src/records/ledger/ledger-journal.ts';
import type { TransferEntry } from '../../../src/records/ledger/transfer-request.ts';
import { assetTotals } from './ledger-assertions.ts';
import { applyGroup, type LedgerModel, type ModelAccount } from './ledger-model.ts';
import { type LedgerTestBed, openLedgerTestBed } from './ledger-test-bed.ts';
import { type SeededChoices, seededChoices } from '../../support/seeded-choices.ts';

const seed = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
const steps = Number(process.env.LEDGER_STEPS ?? 400);

const scales: Record<string, bigint> = { BTC: 10n ** 8n, ETH: 10n ** 18n, USD: 100n };

interface Account {
  id: number;
  asset: string;
}

let bed: LedgerTestBed;
let journal: LedgerJournal;
const accounts: Account[] = [];
const model: LedgerModel = { accounts: new Map(), pending: new Map() };

function keysOf(): LedgerAccountKey[] {
  const keys: LedgerAccountKey[] = [];
  for (const asset of ['BTC', 'ETH']) {
    for (const walletId of bed.walletIds) keys.push({ kind: 'wallet', walletId, asset });
    keys.push({ kind: 'world', asset }, { kind: 'network_fee', asset }, { kind: 'otc_desk', asset });
  }
  keys.push({ kind: 'world', asset: 'USD' }, { kind: 'otc_desk', asset: 'USD' });
  keys.push({ kind: 'fund_capital', fundId: bed.fundId, userId: bed.investorUserId, asset: 'USD' });
  return keys;
}

test.before(async () => {
  bed = await openLedgerTestBed({ walletCount: 3 });
  journal = createLedgerJournal(bed.db);
  for (const key of keysOf()) {
    const account = await journal.ensureAccount(key);
    accounts.push({ id: account.id, asset: account.asset });
    const zero = { debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n };
    model.accounts.set(account.id, { mayGoNegative: account.mayGoNegative, ...zero });
  }
});

test.after(async () => {
  await bed?.close();
});

type Random = SeededChoices;

/** An amount of up to a few whole units of the asset, sometimes a single base unit. */
function amountOf(random: Random, asset: string): bigint {
  if (random.below(10) === 0) return 1n;
  return (BigInt(random.below(2 ** 30)) * (scales[asset] as bigint) * 3n) / 2n ** 30n + 1n;
}

function movementOf(random: Random, id: string, kind: 'single' | 'pending'): TransferEntry {
  const asset = random.pick(['BTC', 'ETH', 'USD']);
  const holders = accounts.filter((account) => account.asset === asset);
  const debit = random.pick(holders);
  const credit = random.pick(holders.filter((account) => account.id !== debit.id));
  return { id, kind, debitAccountId: debit.id, creditAccountId: credit.id, asset, amount: amountOf(random, asset) };
}

function resolutionOf(random: Random, id: string): TransferEntry {
  const pendingIds = [...model.pending.keys()];
  const pendingId = pendingIds.length > 0 && random.below(8) > 0 ? random.pick(pendingIds) : `random:none-${id}`;
  if (random.below(3) === 0) return { id, kind: 'void_pending', pendingId };
  const held = model.pending.get(pendingId)?.amount ?? 1n;
  const amount = random.pick([undefined, held, held / 2n + 1n, held + 1n]);
  return { id, kind: 'post_pending', pendingId, ...(amount === undefined ? {} : { amount }) };
}

function groupOf(random: Random, step: number): { linkedId: string | null; entries: TransferEntry[] } {
  const roll = random.below(10);
  if (roll < 4) return { linkedId: null, entries: [movementOf(random, `random:${step}`, 'single')] };
  if (roll < 6) return { linkedId: null, entries: [movementOf(random, `random:${step}`, 'pending')] };
  if (roll < 8) return { linkedId: null, entries: [resolutionOf(random, `random:${step}`)] };
  const size = 2 + random.below(2);
  const entries = Array.from({ length: size }, (_, leg) =>
    movementOf(random, `random:${step}:leg${leg}`, random.pick(['single', 'single', 'pending'] as const)),
  );
  return { linkedId: `random:${step}`, entries };
}

async function post(group: {
  linkedId: string | null;
  entries: TransferEntry[];
}): Promise<{ refusal: LedgerRefusal | null; replayed: boolean }> {
  try {
    const [entry] = group.entries;
    if (group.linkedId !== null)
      return { refusal: null, replayed: (await journal.postLinked(group.linkedId, group.entries)).replayed };
    const method = {
      single: journal.post,
      pending: journal.createPending,
      post_pending: journal.postPending,
      void_pending: journal.voidPending,
    }[entry!.kind];
    return { refusal: null, replayed: (await method(entry as never)).replayed };
  } catch (error) {
    if (error instanceof LedgerError) return { refusal: error.refusal, replayed: false };
    throw error;
  }
}

/** Runs one step against the journal and the model; answers what the two disagree on, if anything. */
async function step(
  random: Random,
  index: number,
  posted: { linkedId: string | null; entries: TransferEntry[] }[],
): Promise<void> {
  if (posted.length > 0 && random.below(10) === 0) {
    const replay = random.pick(posted);
    const outcome = await post(replay);
    assert.equal(outcome, { refusal: null, replayed: true }, `step ${index}: a replay of ${replay.entries[0]!.id}`);
    if (random.below(2) === 0) return;
    const [first, ...rest] = replay.entries;
    const changed = { ...replay, entries: [{ ...first!, description: `changed at step ${index}` }, ...rest] };
    assert.is((await post(changed)).refusal, 'transfer_conflict', `step ${index}: a changed replay of ${first!.id}`);
    return;
  }
  const group = groupOf(random, index);
  const predicted = applyGroup(model, group.entries);
  const outcome = await post(group);
  assert.equal(
    outcome,
    { refusal: predicted.refusal, replayed: false },
    `step ${index}: ${JSON.stringify(group, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`,
  );
  if (predicted.refusal !== null) return;
  Object.assign(model, predicted.model);
  posted.push(group);
}

/** Each account's projections, summed here from the journal's rows. */
async function projectionsFromTransfers(): Promise<Map<number, ModelAccount>> {
  const { rows } = await sql<{
    kind: string;
    debit_account_id: number;
    credit_account_id: number;
    amount: string;
    held: string | null;
  }>`
    SELECT t.kind, t.debit_account_id, t.credit_account_id, t.amount, p.amount AS held
    FROM ledger_transfer t LEFT JOIN ledger_transfer p ON p.id = t.pending_id ORDER BY t.position`.execute(bed.db);
  const sums = new Map<number, ModelAccount>();
  const of = (id: number) =>
    sums.get(id) ??
    (sums
      .set(id, { mayGoNegative: false, debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n })
      .get(id) as ModelAccount);
  for (const row of rows) {
    const amount = BigInt(row.amount);
    const posted = row.kind === 'single' || row.kind === 'post_pending' ? amount : 0n;
    const held = row.kind === 'pending' ? amount : row.held === null ? 0n : -BigInt(row.held);
    const [debit, credit] = [of(row.debit_account_id), of(row.credit_account_id)];
    debit.debitsPosted += posted;
    debit.debitsPending += held;
    credit.creditsPosted += posted;
    credit.creditsPending += held;
  }
  return sums;
}

test(`a random sequence of postings keeps every account equal to the model and to the sum of its transfers`, async () => {
  const random = seededChoices(seed);
  const posted: { linkedId: string | null; entries: TransferEntry[] }[] = [];
  try {
    for (let index = 0; index < steps; index += 1) await step(random, index, posted);
    const fromTransfers = await projectionsFromTransfers();
    for (const account of accounts) {
      const stored = (await journal.account(account.id))!.balances;
      const projection = [stored.debitsPosted, stored.creditsPosted, stored.debitsPending, stored.creditsPending];
      const expected = model.accounts.get(account.id)!;
      assert.equal(
        projection,
        [expected.debitsPosted, expected.creditsPosted, expected.debitsPending, expected.creditsPending],
        `account ${account.id} against the model`,
      );
      const summed = fromTransfers.get(account.id);
      assert.equal(
        projection,
        summed
          ? [summed.debitsPosted, summed.creditsPosted, summed.debitsPending, summed.creditsPending]
          : [0n, 0n, 0n, 0n],
        `account ${account.id} against its transfers`,
      );
      if (!expected.mayGoNegative) assert.ok(stored.available >= 0n, `account ${account.id} is not overdrawn`);
    }
    for (const totals of await assetTotals(bed.db)) {
      assert.is(totals.debitsPosted, totals.creditsPosted, `${totals.asset}: posted debits = posted credits`);
      assert.is(totals.debitsPending, totals.creditsPending, `${totals.asset}: pending debits = pending credits`);
    }
    assert.ok(posted.length > steps / 4, `enough postings were accepted (${posted.length})`);
  } catch (error) {
    console.error(`ledger random postings failed: LEDGER_SEED=${seed} replays this run`);
    throw error;
  }
});

test.run();

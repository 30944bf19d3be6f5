// `npm run bench -- ledger` (docs/ledger.md#throughput): postings per second through the journal
// module (src/records/ledger/), each its own transaction, with one writer and with 8 concurrent
// writers. Scenarios: deposits from the one world account (every posting locks that row: the
// journal's hot account), transfers between wallets where each writer has its own pair (no row
// shared), two-leg linked groups, two-phase sends (a pending transfer, then its post), and custody
// sends as the custodian's states reach the journal (a stored send held, then confirmed, each a
// pass of custody-transfer-postings.ts, with the statements such a send costs); beside them, a
// plain one-row INSERT per transaction as the floor the host allows. Runs on a fresh embedded
// PostgreSQL, or on a new database of the server at BENCH_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type KyselyPlugin, sql } from 'kysely';
import pg from 'pg';
import { journalWalletTransfers } from '../src/records/wallets/custody-transfer-postings.ts';
import type { LedgerAccount } from '../src/records/ledger/ledger-account.ts';
import { createLedgerJournal, type LedgerJournal } from '../src/records/ledger/ledger-journal.ts';
import { createDatabase, type Db } from '../src/db/create-database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { insertLedgerOwners } from '../test/records/ledger/ledger-test-bed.ts';
import { backendMicrosPerRequest, startBackendCpuMeter } from './postgres-backend-cpu.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const writers = Number(process.env.BENCH_WRITERS ?? 8);
const externalUrl = process.env.BENCH_DATABASE_URL;
const applicationName = 'ledger-postings-bench';

interface Server {
  url: string;
  label: string;
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  if (externalUrl) {
    const name = `ledger_bench_${process.pid}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: externalUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(externalUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      label: 'external PostgreSQL',
      stop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-ledger-'));
  const postgres = await startEmbeddedPostgres({ dataDir, password: 'bench', port: 0 });
  const stop = async () => {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url: postgres.url, label: 'embedded PostgreSQL', stop };
}

interface Accounts {
  world: LedgerAccount;
  /** Two wallet accounts per writer, each funded with plenty. */
  pairs: [LedgerAccount, LedgerAccount][];
}

async function openAccounts(db: Db, journal: LedgerJournal): Promise<Accounts> {
  const owners = await insertLedgerOwners(db, writers * 2);
  const world = await journal.ensureAccount({ kind: 'world', asset: 'BTC' });
  const wallets: LedgerAccount[] = [];
  for (const walletId of owners.walletIds) {
    const wallet = await journal.ensureAccount({ kind: 'wallet', walletId, asset: 'BTC' });
    await journal.post({
      id: `bench:fund-${walletId}`,
      debitAccountId: world.id,
      creditAccountId: wallet.id,
      asset: 'BTC',
      amount: 10n ** 15n,
    });
    wallets.push(wallet);
  }
  const pairs = Array.from(
    { length: writers },
    (_, index) => [wallets[2 * index]!, wallets[2 * index + 1]!] as [LedgerAccount, LedgerAccount],
  );
  return { world, pairs };
}

/** The `n`th posting call of writer `writer` in run `run`; answers how many transfers it posted. */
type Posting = (run: number, writer: number, n: number) => Promise<number>;

/** The floor under every posting: one plain INSERT of a row, no trigger, no foreign key. */
async function referenceInsert(db: Db): Promise<Posting> {
  await sql`CREATE TABLE bench_reference (id text PRIMARY KEY, amount numeric(78, 0) NOT NULL)`.execute(db);
  return async (run, writer, n) => {
    await sql`INSERT INTO bench_reference (id, amount) VALUES (${`bench:${run}-${writer}-${n}`}, 1)`.execute(db);
    return 1;
  };
}

/** Counts the statements a database handle sends: what a custody send costs in round trips. */
function statementCounter(): { plugin: KyselyPlugin; count: number } {
  const counter: { plugin: KyselyPlugin; count: number } = {
    count: 0,
    plugin: {
      transformQuery: (args) => {
        counter.count += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    },
  };
  return counter;
}

const custodyStatements = statementCounter();

/**
 * A custody send of 1 satoshi with a fee of 1 (two legs), as the custody mutations and the sync
 * store it: the stored send held (state `signed`), then, in a second transaction, confirmed.
 */
async function custodySend(db: Db, id: string, walletId: number): Promise<number> {
  const counted = db.withPlugin(custodyStatements.plugin);
  await counted.transaction().execute(async (trx) => {
    await trx
      .insertInto('digital_wallet_transaction')
      .values({
        wallet_id: walletId,
        transfer_id: id,
        direction: 'send',
        coin: 'BTC',
        fee_coin: 'BTC',
        amount_base_units: '1',
        fee_base_units: '1',
        state: 'signed',
      })
      .execute();
    await journalWalletTransfers(trx, [walletId]);
  });
  await counted.transaction().execute(async (trx) => {
    await trx
      .updateTable('digital_wallet_transaction')
      .set({ state: 'confirmed' })
      .where('transfer_id', '=', id)
      .execute();
    await journalWalletTransfers(trx, [walletId]);
  });
  return 4;
}

function scenarios(db: Db, journal: LedgerJournal, { world, pairs }: Accounts): { name: string; posting: Posting }[] {
  const move = (id: string, from: LedgerAccount, to: LedgerAccount) => ({
    id,
    debitAccountId: from.id,
    creditAccountId: to.id,
    asset: 'BTC',
    amount: 1n,
  });
  return [
    {
      name: 'deposits from the one world account',
      posting: async (run, writer, n) => (
        await journal.post(move(`bench:deposit-${run}-${writer}-${n}`, world, pairs[writer]![0])),
        1
      ),
    },
    {
      name: "transfers between the writer's own two wallets",
      posting: async (run, writer, n) => {
        const [a, b] = pairs[writer]!;
        const id = `bench:move-${run}-${writer}-${n}`;
        await journal.post(n % 2 === 0 ? move(id, a, b) : move(id, b, a));
        return 1;
      },
    },
    {
      name: 'linked groups of two legs (own wallets)',
      posting: async (run, writer, n) => {
        const [a, b] = pairs[writer]!;
        const id = `bench:group-${run}-${writer}-${n}`;
        await journal.postLinked(id, [
          { ...move(`${id}:leg1`, a, b), kind: 'single' },
          { ...move(`${id}:leg2`, b, a), kind: 'single' },
        ]);
        return 2;
      },
    },
    {
      name: 'two-phase sends: pending, then post (own wallet to world)',
      posting: async (run, writer, n) => {
        const id = `bench:send-${run}-${writer}-${n}`;
        await journal.createPending(move(id, pairs[writer]![1], world));
        await journal.postPending({ id: `${id}:post`, pendingId: id });
        return 2;
      },
    },
    {
      name: 'custody sends with a fee: held, then confirmed (two passes, four transfers)',
      posting: (run, writer, n) =>
        custodySend(
          db,
          (run * 1_000_000 + writer * 100_000 + n).toString(16).padStart(24, '0'),
          pairs[writer]![0].walletId!,
        ),
    },
  ];
}

interface Run {
  run: number;
  concurrency: number;
  seconds: number;
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  /** PostgreSQL's on-CPU microseconds per transfer (postgres-backend-cpu.ts): what the host's load does not change. */
  backendMicros: number;
}

type CpuMeter = Awaited<ReturnType<typeof startBackendCpuMeter>>;

async function measure(posting: Posting, { run, concurrency, seconds }: Run, meter: CpuMeter): Promise<Figures> {
  const latencies: number[] = [];
  let transfers = 0;
  const cpuBefore = await meter.read(applicationName);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, writer) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const begun = performance.now();
        transfers += await posting(run, writer, n);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const backendMicros = backendMicrosPerRequest(cpuBefore, await meter.read(applicationName), transfers);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: transfers / elapsed, p50: at(0.5), p99: at(0.99), backendMicros };
}

const server = await startServer();
const { db } = createDatabase({ url: server.url, poolSize: writers, applicationName });
const meter = await startBackendCpuMeter(server.url);
try {
  await migrateToLatest(db);
  const journal = createLedgerJournal(db);
  const accounts = await openAccounts(db, journal);
  console.log(`ledger postings (${server.label}, ${seconds} s per run, each call its own transaction)`);
  let run = 0;
  const reference = { name: 'reference: a plain INSERT of one row, no journal', posting: await referenceInsert(db) };
  for (const { name, posting } of [reference, ...scenarios(db, journal, accounts)]) {
    await measure(posting, { run: (run += 1), concurrency: writers, seconds: 1 }, meter); // warm-up: JIT, pool, plans
    for (const concurrency of [1, writers]) {
      const result = await measure(posting, { run: (run += 1), concurrency, seconds }, meter);
      console.log(
        `  ${name}, ${concurrency} writer${concurrency > 1 ? 's' : ''}: ${result.perSecond.toFixed(0)} transfers/s  call p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  PostgreSQL CPU ${result.backendMicros.toFixed(0)} µs/transfer`,
      );
    }
  }
  const before = custodyStatements.count;
  await custodySend(db, 'f'.repeat(24), accounts.pairs[0]![0].walletId!);
  console.log(`  statements per custody send with a fee (held, then confirmed): ${custodyStatements.count - before}`);
} finally {
  await meter.close();
  await db.destroy();
  await server.stop();
}

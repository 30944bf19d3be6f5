// The money engine's invariants under random sequences of custody operations, through the real
// service and the custody simulator over loopback HTTP (docs/ledger.md#how-it-is-tested): deposits,
// sends approved or rejected, confirmed or failed, token sends paying gas in ETH, and concurrent
// duplicates of one idempotency key. After every step: every asset's postings sum to zero (held
// ones too); each wallet's available balance in the journal equals what the custodian simulator's
// own books let it spend; the business API's wallet summary shows the journal's balances. fast-check
// reports the seed and shrinks a failing sequence; MONEY_PROPERTY_SEED picks the seed (default a
// fixed one, so the suite always checks the same sequences), MONEY_PROPERTY_RUNS how many run (6).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectData } from '../support/graphql-answer.ts';
import { assertJournalBalanced } from '../support/journal-balance.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import {
  btcDestination,
  custodyMutation,
  custodyScopes,
  linkedWallet,
  organizations,
} from './support/custody-fixtures.ts';

const custody = await startCustodyFake();
const api = await startBusinessApi({ seed: 'demo', providers: [custody] });
const alice = await api.key({ organization: organizations.aurora, owner: 'demo-alice', scopes: custodyScopes });
const frank = await api.key({ organization: organizations.aurora, owner: 'demo-frank', scopes: custodyScopes });
const ethDestination = `0x${'ab'.repeat(20)}`;
const control = custody.simulator.control;

test.after(() => api.close());

type WalletIndex = 0 | 1 | 2;
/** Two BTC wallets (no approval, one approval) and an ETH wallet sending USDC, per sequence. */
interface Wallets {
  ids: number[];
  custodianIds: string[];
}
const sentCoin = ['BTC', 'BTC', 'USDC'] as const;
const heldCoins = [['BTC'], ['BTC'], ['ETH', 'USDC']] as const;

type Step =
  | { kind: 'deposit'; wallet: WalletIndex; amount: number }
  | { kind: 'send'; wallet: WalletIndex; amount: number; decision: 'APPROVE' | 'REJECT' }
  | { kind: 'confirm' }
  | { kind: 'fail' }
  | { kind: 'duplicates'; wallet: WalletIndex; amount: number };

const wallet = fc.constantFrom<WalletIndex>(0, 1, 2);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), wallet, amount: fc.integer({ min: 1, max: 50 }) }),
  fc.record({
    kind: fc.constant('send' as const),
    wallet,
    amount: fc.integer({ min: 1, max: 30 }),
    decision: fc.constantFrom<'APPROVE' | 'REJECT'>('APPROVE', 'REJECT'),
  }),
  fc.constant({ kind: 'confirm' as const }),
  fc.constant({ kind: 'fail' as const }),
  fc.record({ kind: fc.constant('duplicates' as const), wallet, amount: fc.integer({ min: 1, max: 30 }) }),
);

/** Base units of one amount step: 0.001 BTC, 0.1 USDC; deposits into the ETH wallet bring ETH and USDC. */
const btcUnit = 100_000n;
const usdcUnit = 100_000n;
const ethDeposit = 10_000_000_000_000_000n;

let sequence = 0;

async function openWallets(): Promise<Wallets> {
  const opened = [];
  for (const [coin, approvalsRequired] of [
    ['BTC', 0],
    ['BTC', 1],
    ['ETH', 0],
  ] as const)
    opened.push(
      await linkedWallet(api, custody, {
        organizationId: organizations.aurora,
        owner: 'demo-alice',
        coin,
        approvalsRequired,
      }),
    );
  return { ids: opened.map((w) => w.walletId), custodianIds: opened.map((w) => w.custodian.id) };
}

const sync = (walletId: number) => custodyMutation(api, 'sync', alice.secret, { walletId });

function sendInput(wallets: Wallets, index: WalletIndex, amount: number, idempotencyKey?: string) {
  const btc = sentCoin[index] === 'BTC';
  return {
    walletId: wallets.ids[index],
    ...(btc ? {} : { coin: 'USDC' }),
    address: btc ? btcDestination : ethDestination,
    amount: String(BigInt(amount) * (btc ? btcUnit : usdcUnit)),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** Sends on their way (signed at the custodian), oldest first, for `confirm` and `fail`. */
type Open = { transferId: string; wallet: WalletIndex }[];

async function deposit(wallets: Wallets, index: WalletIndex, amount: number): Promise<void> {
  const custodianId = wallets.custodianIds[index]!;
  if (index === 2) {
    control.receive({ walletId: custodianId, amount: String(ethDeposit) });
    control.receive({ walletId: custodianId, coin: 'usdc', amount: String(BigInt(amount) * usdcUnit) });
  } else control.receive({ walletId: custodianId, amount: String(BigInt(amount) * btcUnit) });
  await sync(wallets.ids[index]!);
}

async function send(wallets: Wallets, open: Open, s: Extract<Step, { kind: 'send' }>): Promise<void> {
  const sent = await custodyMutation(api, 'send', alice.secret, sendInput(wallets, s.wallet, s.amount));
  if (!sent.success) {
    assert.equal(
      sent.errors.map((error: any) => error.code),
      ['INSUFFICIENT_BALANCE'],
    );
    return;
  }
  if (sent.outcome === 'PENDING_APPROVAL') {
    const resolved = await custodyMutation(api, 'resolve', frank.secret, {
      approvalId: sent.pendingApproval.id,
      decision: s.decision,
    });
    assert.ok(resolved.success, JSON.stringify(resolved.errors));
    if (s.decision === 'REJECT') return;
  }
  open.push({ transferId: sent.transfer.id, wallet: s.wallet });
}

async function duplicates(wallets: Wallets, open: Open, s: Extract<Step, { kind: 'duplicates' }>): Promise<void> {
  const input = sendInput(wallets, s.wallet, s.amount, `property-${sequence}-${open.length}-${s.amount}`);
  const answers = await Promise.all(Array.from({ length: 5 }, () => custodyMutation(api, 'send', alice.secret, input)));
  const ids = new Set(answers.filter((answer) => answer.success).map((answer) => answer.transfer.id));
  assert.ok(ids.size <= 1, `one transfer for one idempotency key, got ${ids.size}`);
  const [transferId] = [...ids] as string[];
  if (transferId && answers.some((answer) => answer.outcome === 'TRANSFER_CREATED'))
    open.push({ transferId, wallet: s.wallet });
}

async function settle(wallets: Wallets, open: Open, to: 'confirmed' | 'failed'): Promise<void> {
  const next = open.shift();
  if (!next) return;
  if (to === 'confirmed') control.confirmTransfer(next.transferId);
  else control.advanceTransfer(next.transferId, 'failed');
  await sync(wallets.ids[next.wallet]!);
}

async function run(wallets: Wallets, open: Open, s: Step): Promise<void> {
  if (s.kind === 'deposit') return deposit(wallets, s.wallet, s.amount);
  if (s.kind === 'send') return send(wallets, open, s);
  if (s.kind === 'duplicates') return duplicates(wallets, open, s);
  return settle(wallets, open, s.kind === 'confirm' ? 'confirmed' : 'failed');
}

/** Per coin the wallet holds: [balance, available in base units] from the database. */
async function journalHoldings(walletId: number): Promise<Map<string, { balance: string; available: bigint }>> {
  const rows = await api.rows(
    `SELECT a.symbol, trim_scale(a.balance)::text AS balance,
       (a.available_balance * 10::numeric ^ c.decimals)::numeric(78, 0)::text AS available
     FROM digital_wallet_asset a JOIN coin c ON c.symbol = a.symbol WHERE a.wallet_id = $1`,
    [walletId],
  );
  return new Map(rows.map((row) => [row.symbol, { balance: row.balance, available: BigInt(row.available) }]));
}

async function assertAgreement(wallets: Wallets): Promise<void> {
  for (const index of [0, 1, 2] as const) {
    const held = await journalHoldings(wallets.ids[index]!);
    for (const coin of heldCoins[index]) {
      const custodian = BigInt(control.spendableBalance(wallets.custodianIds[index]!, coin.toLowerCase()));
      assert.is(
        held.get(coin)?.available ?? 0n,
        custodian,
        `wallet ${index} ${coin}: journal available = custodian spendable`,
      );
    }
    const summary = expectData(
      await api.graphql(
        `query ($id: Int!) { digitalWalletSummaryById(id: $id) { assets { symbol balance } } }`,
        { id: wallets.ids[index] },
        { key: alice.secret },
      ),
    ).digitalWalletSummaryById.assets as { symbol: string; balance: string }[];
    for (const asset of summary)
      assert.is(asset.balance, held.get(asset.symbol)?.balance, `wallet ${index} ${asset.symbol}: summary = journal`);
  }
}

test('random custody sequences keep the journal balanced and in agreement with the custodian and the API', async () => {
  const seed = process.env.MONEY_PROPERTY_SEED;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      sequence += 1;
      const wallets = await openWallets();
      const open: Open = [];
      // Every wallet starts funded, so most sends go through and some later ones run dry.
      for (const index of [0, 1, 2] as const) await deposit(wallets, index, 40);
      for (const s of steps) {
        await run(wallets, open, s);
        await assertJournalBalanced(api);
        await assertAgreement(wallets);
      }
      // What is still on its way confirms: every hold ends posted or released.
      while (open.length > 0) await run(wallets, open, { kind: 'confirm' });
      await assertJournalBalanced(api);
      await assertAgreement(wallets);
    }),
    // A fixed seed by default, so every run of the suite checks the same sequences.
    { numRuns: Number(process.env.MONEY_PROPERTY_RUNS ?? 6), seed: Number(seed ?? 20261206) },
  );
  // The sequences moved money every way the journal knows: deposits, sends posted, holds released.
  const [kinds] = await api.rows(
    `SELECT count(*) FILTER (WHERE id LIKE 'deposit:%')::int AS deposits,
       count(*) FILTER (WHERE id LIKE 'send:%:post')::int AS posted,
       count(*) FILTER (WHERE id LIKE 'send:%:void')::int AS voided,
       count(*) FILTER (WHERE id LIKE 'send-fee:%:post' AND asset = 'ETH')::int AS gas
     FROM ledger_transfer`,
  );
  assert.ok(kinds.deposits > 0 && kinds.posted > 0 && kinds.voided > 0, JSON.stringify(kinds));
});

test.run();

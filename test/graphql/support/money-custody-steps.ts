// The money property test's custody steps (docs/custody.md#the-mutations, docs/ledger.md#custody-transfers):
// deposits at the custodian synced in, sends approved or rejected, five concurrent sends of one
// idempotency key, and sends on their way confirmed or failed. Wallet 0 refuses every send while
// frozen (docs/custody.md#aml-freeze); the custodian refuses a send beyond what it lets the wallet spend.
import * as assert from 'uvu/assert';
import { btcDestination, custodyMutation } from './custody-fixtures.ts';
import { type MoneyWorld, type Sequence, sentCoin, type WalletIndex } from './money-world.ts';

/** Base units of one amount step: 0.001 BTC, 0.1 USDC; deposits into the ETH wallet bring ETH and USDC. */
const btcUnit = 100_000n;
const usdcUnit = 100_000n;
const ethDeposit = 10_000_000_000_000_000n;
const ethDestination = `0x${'ab'.repeat(20)}`;

/** bitgoSyncWalletTransactions of one wallet: what the custodian did reaches the platform's books. */
export const sync = (world: MoneyWorld, walletId: number) =>
  custodyMutation(world.api, 'sync', world.keys.alice, { walletId });

function sendInput(sequence: Sequence, index: WalletIndex, amount: number, idempotencyKey?: string) {
  const btc = sentCoin[index] === 'BTC';
  return {
    walletId: sequence.ids[index],
    ...(btc ? {} : { coin: 'USDC' }),
    address: btc ? btcDestination : ethDestination,
    amount: String(BigInt(amount) * (btc ? btcUnit : usdcUnit)),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

const frozen = (sequence: Sequence, index: WalletIndex) => index === 0 && sequence.frozen;

/** The one refusal a send may meet: the wallet frozen, or the custodian finding it short; its code. */
function assertRefusal(sequence: Sequence, index: WalletIndex, answer: any): string {
  const expected = frozen(sequence, index) ? 'WALLET_FROZEN' : 'INSUFFICIENT_BALANCE';
  assert.equal(
    answer.errors.map((error: any) => error.code),
    [expected],
  );
  return expected;
}

export async function deposit(world: MoneyWorld, sequence: Sequence, index: WalletIndex, amount: number) {
  const custodianId = sequence.custodianIds[index]!;
  const { control } = world.custody.simulator;
  if (index === 2) {
    control.receive({ walletId: custodianId, amount: String(ethDeposit) });
    control.receive({ walletId: custodianId, coin: 'usdc', amount: String(BigInt(amount) * usdcUnit) });
  } else control.receive({ walletId: custodianId, amount: String(BigInt(amount) * btcUnit) });
  await sync(world, sequence.ids[index]!);
}

export async function send(
  world: MoneyWorld,
  sequence: Sequence,
  s: { wallet: WalletIndex; amount: number; decision: 'APPROVE' | 'REJECT' },
): Promise<string> {
  const sent = await custodyMutation(world.api, 'send', world.keys.alice, sendInput(sequence, s.wallet, s.amount));
  if (frozen(sequence, s.wallet) || !sent.success) return assertRefusal(sequence, s.wallet, sent);
  if (sent.outcome === 'PENDING_APPROVAL') {
    const resolved = await custodyMutation(world.api, 'resolve', world.keys.frank, {
      approvalId: sent.pendingApproval.id,
      decision: s.decision,
    });
    assert.ok(resolved.success, JSON.stringify(resolved.errors));
    if (s.decision === 'REJECT') return 'REJECTED';
  }
  sequence.open.push({ transferId: sent.transfer.id, wallet: s.wallet });
  return 'sent';
}

let keys = 0;

export async function duplicateSends(
  world: MoneyWorld,
  sequence: Sequence,
  s: { wallet: WalletIndex; amount: number },
): Promise<string> {
  // A key of its own: the same key again would be a retry, answered with the first send.
  const key = `property-${sequence.number}-${(keys += 1)}`;
  const input = sendInput(sequence, s.wallet, s.amount, key);
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => custodyMutation(world.api, 'send', world.keys.alice, input)),
  );
  if (frozen(sequence, s.wallet)) return answers.map((answer) => assertRefusal(sequence, s.wallet, answer))[0]!;
  const ids = new Set(answers.filter((answer) => answer.success).map((answer) => answer.transfer.id));
  assert.ok(ids.size <= 1, `one transfer for one idempotency key, got ${ids.size}`);
  const [transferId] = [...ids] as string[];
  if (transferId && answers.some((answer) => answer.outcome === 'TRANSFER_CREATED'))
    sequence.open.push({ transferId, wallet: s.wallet });
  return transferId ? 'sent once' : 'refused';
}

/** The oldest send on its way confirms or fails at the custodian, and a sync stores it. */
export async function settle(world: MoneyWorld, sequence: Sequence, to: 'confirmed' | 'failed') {
  const next = sequence.open.shift();
  if (!next) return;
  const { control } = world.custody.simulator;
  if (to === 'confirmed') control.confirmTransfer(next.transferId);
  else control.advanceTransfer(next.transferId, 'failed');
  await sync(world, sequence.ids[next.wallet]!);
}

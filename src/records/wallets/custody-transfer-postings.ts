// The journal's side of custody transfers (docs/ledger.md#custody-transfers): whenever a transfer
// is stored (a send, an approval's decision, a sync), its state as stored is carried into the
// journal in the same transaction. A send is two legs, its amount (wallet → the world) and its
// network fee (wallet → network fees, in the chain's fee coin); each leg is held while the
// custodian works on it, posted when it confirms and voided when it is rejected, fails, is
// dropped or replaced. A confirmed deposit posts from the world. Every id is derived from the
// custodian's transfer id, so storing the same state again posts nothing. A transfer the OTC desk
// made to settle a trade at the custodian posts nothing either: the trade's leg moved it.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';
import type { LedgerAccountKey } from '../ledger/ledger-account-key.ts';
import { LedgerError } from '../ledger/ledger-error.ts';
import { createLedgerJournal, type LedgerJournal } from '../ledger/ledger-journal.ts';
import type { LedgerTransfer } from '../ledger/ledger-transfer.ts';
import { tradeLegTransferId } from '../trading/desk-settlement-ids.ts';

/** A stored transfer as the journal needs it. */
export interface JournaledTransfer {
  transferId: string;
  walletId: number;
  direction: 'send' | 'receive';
  coin: string;
  /** The coin the network fee is paid in (gas in ETH for a token on Ethereum); null with no fee. */
  feeCoin: string | null;
  state: string;
  amount: bigint;
  /** Base units of `feeCoin`; null or 0 when the custodian reports none. */
  fee: bigint | null;
  /** Confirmed before its wallet's balance entered the journal: already counted (migration 0012). */
  inOpeningBalance: boolean;
  /** Its holds were released by its wallet's freeze before it was signed (migration 0020): nothing is held again. */
  voidedByFreeze: boolean;
  /** The custodian's sequenceId: an OTC desk's settlement names its trade leg there (desk-settlement-ids.ts). */
  sequenceId: string | null;
}

/** One movement of a send: its hold, then its post or void, under ids derived from `id`. */
interface Leg {
  id: string;
  debit: LedgerAccountKey;
  credit: LedgerAccountKey;
  asset: string;
  amount: bigint;
  description: string;
}

/** The custodian's states in which a send is on its way (docs/ledger.md#custody-transfers). */
const heldStates: ReadonlySet<string> = new Set(['initialized', 'pendingApproval', 'signed', 'unconfirmed']);
/** The states in which a send moved nothing and pays nothing. */
const voidStates: ReadonlySet<string> = new Set(['rejected', 'failed', 'removed', 'replaced']);

/** What a pass left behind: sends the journal cannot yet pay for (docs/ledger.md#custody-transfers). */
export interface JournalPass {
  posted: number;
  waitingForFunds: string[];
}

/**
 * Carries every transfer of these wallets whose stored state the journal does not reflect yet
 * into it, oldest first, inside `trx` (the transaction that stored them). The wallets are locked
 * for the pass, in id order, so two passes over one wallet run one after the other; callers take
 * the lock before storing (`lockWalletJournals`), so a pass never waits on a row another holds.
 * A transfer refused for want of funds is rolled back to its savepoint and stays behind.
 */
export async function journalWalletTransfers(
  trx: Transaction<Database>,
  walletIds: readonly number[],
): Promise<JournalPass> {
  const pass: JournalPass = { posted: 0, waitingForFunds: [] };
  if (walletIds.length === 0) return pass;
  await lockWalletJournals(trx, walletIds);
  const journal = createLedgerJournal(trx);
  for (const transfer of await transfersBehind(trx, walletIds)) {
    if (await journalOne(trx, journal, transfer)) pass.posted += 1;
    else pass.waitingForFunds.push(transfer.transferId);
  }
  return pass;
}

/** Serializes journal passes per wallet (a transaction-level advisory lock, in id order). */
export async function lockWalletJournals(trx: Transaction<Database>, walletIds: readonly number[]): Promise<void> {
  for (const walletId of [...new Set(walletIds)].sort((a, b) => a - b))
    await sql`SELECT pg_advisory_xact_lock(${journalLockSpace}, ${walletId})`.execute(trx);
}

/** The advisory lock space of wallet journal passes: hashtext('custody-journal'); the two-key locks share no key with the one-key locks elsewhere. */
const journalLockSpace = -463_683_566;

async function journalOne(trx: Transaction<Database>, journal: LedgerJournal, transfer: JournaledTransfer) {
  await sql`SAVEPOINT custody_journal`.execute(trx);
  try {
    await postTransfer(trx, journal, transfer);
  } catch (error) {
    if (!(error instanceof LedgerError && error.refusal === 'insufficient_funds')) throw error;
    await sql`ROLLBACK TO SAVEPOINT custody_journal`.execute(trx);
    return false;
  }
  await trx
    .updateTable('digital_wallet_transaction')
    .set({ journaled_state: transfer.state })
    .where('transfer_id', '=', transfer.transferId)
    .execute();
  await sql`RELEASE SAVEPOINT custody_journal`.execute(trx);
  return true;
}

async function transfersBehind(trx: Transaction<Database>, walletIds: readonly number[]): Promise<JournaledTransfer[]> {
  const rows = await trx
    .selectFrom('digital_wallet_transaction')
    .select([
      'transfer_id as transferId',
      'wallet_id as walletId',
      'direction',
      'coin',
      'fee_coin as feeCoin',
      'state',
      sql<string>`amount_base_units::text`.as('amount'),
      sql<string | null>`fee_base_units::text`.as('fee'),
      'in_opening_balance as inOpeningBalance',
      sql<boolean>`voided_by_freeze_id IS NOT NULL`.as('voidedByFreeze'),
      'sequence_id as sequenceId',
    ])
    .where('wallet_id', 'in', walletIds)
    .where(sql<boolean>`journaled_state IS DISTINCT FROM state`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    direction: row.direction as JournaledTransfer['direction'],
    amount: BigInt(row.amount),
    fee: row.fee === null ? null : BigInt(row.fee),
  }));
}

async function postTransfer(
  trx: Transaction<Database>,
  journal: LedgerJournal,
  transfer: JournaledTransfer,
): Promise<void> {
  if (transfer.inOpeningBalance || (await settlesTradeLeg(trx, journal, transfer))) return;
  if (transfer.direction === 'receive') return postDeposit(journal, transfer);
  const legs = sendLegs(transfer);
  // A send that ended off the chain stores no fee any more (migration 0017): its fee's hold, if
  // one was made, is found by its id.
  const known = await legTransfers(journal, [amountLegId(transfer), feeLegId(transfer)]);
  // A send its wallet's freeze voided holds nothing while it waits (docs/custody.md#aml-freeze);
  // should the custodian still confirm it, its legs post under ids of their own (postLeg).
  if (heldStates.has(transfer.state)) {
    if (!transfer.voidedByFreeze) for (const leg of legs) await holdLeg(journal, leg, known);
  } else if (transfer.state === 'confirmed') for (const leg of legs) await postLeg(journal, leg, known);
  else if (voidStates.has(transfer.state))
    for (const id of [amountLegId(transfer), feeLegId(transfer)]) await voidLeg(journal, id, known);
}

/**
 * A transfer the OTC desk made at the custodian to settle a trade (docs/trading.md#at-the-custodian)
 * moves what the trade's leg already moved in the journal, so it posts nothing. Only when its
 * sequenceId names a leg the journal holds, that leg moved exactly this amount of this asset out
 * of (a send) or into (a receive) this wallet, and no other custodian transfer claimed the leg
 * first: anything else posts as any transfer does, and reconciliation shows what does not add up.
 */
async function settlesTradeLeg(
  trx: Transaction<Database>,
  journal: LedgerJournal,
  transfer: JournaledTransfer,
): Promise<boolean> {
  const legId = transfer.sequenceId === null ? null : tradeLegTransferId(transfer.sequenceId);
  if (legId === null) return false;
  const leg = await journal.transfer(legId);
  if (!leg || leg.kind !== 'single' || leg.asset !== transfer.coin || leg.amount !== transfer.amount) return false;
  const wallet = await journal.findAccount({ kind: 'wallet', walletId: transfer.walletId, asset: transfer.coin });
  if (wallet?.id !== (transfer.direction === 'send' ? leg.debitAccountId : leg.creditAccountId)) return false;
  // Claimed: another transfer naming the leg was journaled without a posting of its own.
  const claimed = await trx
    .selectFrom('digital_wallet_transaction as other')
    .select('other.transfer_id')
    .where('other.sequence_id', '=', transfer.sequenceId)
    .where('other.transfer_id', '<>', transfer.transferId)
    .where('other.journaled_state', 'is not', null)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM ledger_transfer l
        WHERE l.id IN ('deposit:' || other.transfer_id, 'send:' || other.transfer_id))`,
    )
    .executeTakeFirst();
  return claimed === undefined;
}

/** What the journal holds of a send's legs: each leg's hold, post and void, read in one query. */
type LegTransfers = ReadonlyMap<string, LedgerTransfer>;

function legTransfers(journal: LedgerJournal, legIds: readonly string[]): Promise<LegTransfers> {
  return journal.transfers(legIds.flatMap((id) => [id, `${id}:post`, `${id}:void`]));
}

const amountLegId = (transfer: JournaledTransfer) => `send:${transfer.transferId}`;
const feeLegId = (transfer: JournaledTransfer) => `send-fee:${transfer.transferId}`;

/** The amount leg, and the fee leg once the custodian reports a fee. */
function sendLegs(transfer: JournaledTransfer): Leg[] {
  const { walletId, coin, feeCoin } = transfer;
  const legs: Leg[] = [
    {
      id: amountLegId(transfer),
      debit: { kind: 'wallet', walletId, asset: coin },
      credit: { kind: 'world', asset: coin },
      asset: coin,
      amount: transfer.amount,
      description: `send of ${transfer.amount} base units of ${coin} from wallet ${walletId}`,
    },
  ];
  if (feeCoin !== null && transfer.fee !== null && transfer.fee > 0n)
    legs.push({
      id: feeLegId(transfer),
      debit: { kind: 'wallet', walletId, asset: feeCoin },
      credit: { kind: 'network_fee', asset: feeCoin },
      asset: feeCoin,
      amount: transfer.fee,
      description: `network fee of ${transfer.fee} base units of ${feeCoin} for a send from wallet ${walletId}`,
    });
  return legs;
}

async function movementOf(journal: LedgerJournal, leg: Leg) {
  const [debit, credit] = [await journal.ensureAccount(leg.debit), await journal.ensureAccount(leg.credit)];
  return {
    id: leg.id,
    debitAccountId: debit.id,
    creditAccountId: credit.id,
    asset: leg.asset,
    amount: leg.amount,
    description: leg.description,
  };
}

/** Holds the leg once; a hold already made (or a leg already moved) stays as it is. */
async function holdLeg(journal: LedgerJournal, leg: Leg, known: LegTransfers): Promise<void> {
  if (known.has(leg.id)) return;
  await journal.createPending(await movementOf(journal, leg));
}

/**
 * Posts the leg: its hold for the confirmed amount (a fee above the one held posts its excess on
 * its own), or, never held, the whole leg at once. A hold already voided cannot be posted: money
 * the custodian says moved after all moves under an id of its own.
 */
async function postLeg(journal: LedgerJournal, leg: Leg, known: LegTransfers): Promise<void> {
  const held = known.get(leg.id);
  if (!held) return void (await journal.post(await movementOf(journal, leg)));
  if (held.kind !== 'pending') return;
  if (known.has(`${leg.id}:void`)) {
    await journal.post({ ...(await movementOf(journal, leg)), id: `${leg.id}:after-void` });
    return;
  }
  const posted = leg.amount < held.amount ? leg.amount : held.amount;
  await journal.postPending({ id: `${leg.id}:post`, pendingId: leg.id, amount: posted });
  if (leg.amount > held.amount)
    await journal.post({
      ...(await movementOf(journal, leg)),
      id: `${leg.id}:excess`,
      amount: leg.amount - held.amount,
    });
}

/** Releases the hold `id`, unless it was never held, already posted, or already released (by a freeze, migration 0020). */
async function voidLeg(journal: LedgerJournal, id: string, known: LegTransfers): Promise<void> {
  if (known.get(id)?.kind !== 'pending' || known.has(`${id}:post`) || known.has(`${id}:void`)) return;
  await journal.voidPending({ id: `${id}:void`, pendingId: id });
}

/** A deposit counts once confirmed: before that the custodian does not credit it either. */
async function postDeposit(journal: LedgerJournal, transfer: JournaledTransfer): Promise<void> {
  if (transfer.state !== 'confirmed' || (await journal.transfer(`deposit:${transfer.transferId}`))) return;
  const { transferId, walletId, coin } = transfer;
  await journal.post(
    await movementOf(journal, {
      id: `deposit:${transferId}`,
      debit: { kind: 'world', asset: coin },
      credit: { kind: 'wallet', walletId, asset: coin },
      asset: coin,
      amount: transfer.amount,
      description: `deposit of ${transfer.amount} base units of ${coin} into wallet ${walletId}`,
    }),
  );
}

// The rows the custody mutations read and write (docs/custody.md#transfers-in-the-database): a
// wallet with its custodian id and coin, coins, transfers (digital_wallet_transaction, upserted by
// the custodian's transfer id) and pending approvals (digital_wallet_pending_approval, keyed by the
// custodian's 32-hex approval id). Every read of a wallet, a transfer, an approval or a whitelist
// entry is confined to the caller's organization scope (docs/identity.md#organization-scope): one
// of another organization is read as a missing one. A send and a resolution are each written in
// one transaction, after the custodian answered.
import { type Transaction, sql } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';
import { walletInScope } from './wallet-in-scope.ts';
import { journalWalletTransfers, lockWalletJournals } from './custody-transfer-postings.ts';
import { selectWhitelistEntryRows, type WhitelistEntryRow } from './address-whitelist-selections.ts';

/** As the CHECK constraints of migration 0001 allow. */
export type StoredTransferState =
  | 'initialized'
  | 'pendingApproval'
  | 'rejected'
  | 'signed'
  | 'unconfirmed'
  | 'confirmed'
  | 'failed'
  | 'removed'
  | 'replaced';

export interface CustodyWalletRow {
  id: number;
  organizationId: string;
  status: 'active' | 'frozen' | 'archived';
  /** The wallet's coin symbol, upper case (coin.symbol). */
  coin: string;
  /** The coin's network (coin.network): a token of the same network is held in the wallet. */
  network: string;
  custodianWalletId: string | null;
}

export interface CoinRow {
  symbol: string;
  network: string;
  decimals: number;
}

/**
 * States of a send that never reached the chain and so pays no fee (docs/domain.md#wallets-and-custody):
 * such a row stores none, as the CHECK `digital_wallet_transaction_no_fee_off_chain` of migration 0017 holds.
 */
export const statesWithoutFee: readonly StoredTransferState[] = ['rejected', 'failed', 'removed', 'replaced'];

/** A transfer as the custodian reported it, in the table's terms. */
export interface TransferWrite {
  transferId: string;
  walletId: number;
  direction: 'send' | 'receive';
  /** Upper case, a coin.symbol. */
  coin: string;
  state: StoredTransferState;
  amountBaseUnits: string;
  /** Base units of `feeCoin`; null when the custodian reported none (a stored fee is then kept). */
  feeBaseUnits: string | null;
  /**
   * Upper case, the coin the custodian names for the fee; null: the fee coin of the network of
   * `coin` (coin.network_fee_coin). A named coin the platform does not list stores no fee.
   */
  feeCoin: string | null;
  txHash: string | null;
  counterpartyAddress: string | null;
  comment: string | null;
  sequenceId: string | null;
  pendingApprovalId: string | null;
  createdAt: Date;
  custodianUpdatedAt: Date;
  confirmedAt: Date | null;
  /** The platform user who sent it; kept when the row exists (a sync does not know it). */
  initiatedBy: string | null;
}

export interface ApprovalWrite {
  id: string;
  walletId: number;
  /** The custodian's transfer id of the guarded transfer, when stored. */
  transferId: string | null;
  createdBy: string;
  /** The platform user who just decided (a resolution); absent: the stored decider is kept. */
  decidedBy?: string;
  state: 'pending' | 'approved' | 'rejected';
  approvalsRequired: number;
  approvalsReceived: number;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface StoredTransfer {
  transferId: string;
  walletId: number;
  direction: 'send' | 'receive';
  state: StoredTransferState;
  coin: string;
  decimals: number;
  amountBaseUnits: string;
  /** USD at the time of the transfer, decimal text; null when no fresh price was known. */
  usdValue: string | null;
  /** Base units of `feeCoin`; null when no fee is known, or none was paid. */
  feeBaseUnits: string | null;
  /** The coin the fee was paid in (upper case), with its decimals; null exactly when the fee is. */
  feeCoin: string | null;
  feeDecimals: number | null;
  txHash: string | null;
  counterpartyAddress: string | null;
  comment: string | null;
  pendingApprovalId: string | null;
  initiatedBy: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
}

/** A stored approval within the scope: the wallet it guards and the user who asked for the guarded request. */
export interface StoredApproval {
  wallet: CustodyWalletRow;
  createdBy: string;
}

/** A stored approval of a wallet the scope does not reach: nothing of it is answered. */
export const outOfScope = 'out of scope';

/** A final decision on a whitelist change: the entry is decided, or removed once its removal is approved. */
export interface WhitelistDecision {
  walletId: number;
  address: string;
  change: 'add' | 'remove';
  outcome: 'approved' | 'rejected';
  decidedAt: Date;
}

/** What an upsert changed: rows new to the table, and existing rows whose values changed. */
export interface UpsertCounts {
  inserted: number;
  updated: number;
}

type Writer = Db | Transaction<Database>;

export function createWalletTransferTable(db: Db): WalletTransferTable {
  return new WalletTransferTable(db);
}

export class WalletTransferTable {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The wallet; null when there is no such wallet in the scope. */
  async findWallet(scope: OrganizationScope, walletId: number): Promise<CustodyWalletRow | null> {
    return (await walletQuery(this.#db, scope).where('w.id', '=', walletId).executeTakeFirst()) ?? null;
  }

  /** The wallet the custodian knows by `custodianWalletId`; null when there is none in the scope. */
  async findWalletByCustodianId(scope: OrganizationScope, custodianWalletId: string): Promise<CustodyWalletRow | null> {
    const row = await walletQuery(this.#db, scope)
      .where('w.custodian_wallet_id', '=', custodianWalletId)
      .executeTakeFirst();
    return row ?? null;
  }

  async findCoin(symbol: string): Promise<CoinRow | null> {
    const row = await this.#db
      .selectFrom('coin')
      .select(['symbol', 'network', 'decimals'])
      .where('symbol', '=', symbol)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The wallets in the scope whose stored transfers carry this idempotency key (a key reused on another wallet). */
  async walletsWithSequenceId(scope: OrganizationScope, sequenceId: string): Promise<number[]> {
    const rows = await this.#db
      .selectFrom('digital_wallet_transaction as t')
      .select('t.wallet_id')
      .distinct()
      .where('t.sequence_id', '=', sequenceId)
      .where(walletInScope(scope, 't.wallet_id'))
      .execute();
    return rows.map((row) => row.wallet_id);
  }

  /**
   * The stored approval with its wallet; `outOfScope` when it guards a wallet the scope does not
   * reach, so the caller answers it as missing without asking the custodian; null when it is not
   * stored (an approval of a request made outside the platform).
   */
  async findApproval(scope: OrganizationScope, approvalId: string): Promise<StoredApproval | typeof outOfScope | null> {
    const row = await this.#db
      .selectFrom('digital_wallet_pending_approval as a')
      .leftJoin('digital_wallet as w', (join) =>
        join.onRef('w.id', '=', 'a.wallet_id').on(organizationInScope(scope, 'w.organization_id')),
      )
      .leftJoin('coin as c', 'c.symbol', 'w.coin')
      .select([...custodyWalletColumns, 'a.created_by as createdBy'])
      .where('a.id', '=', approvalId)
      .executeTakeFirst();
    if (!row) return null;
    const { createdBy, ...wallet } = row;
    return wallet.id === null ? outOfScope : { wallet: wallet as CustodyWalletRow, createdBy };
  }

  /**
   * Stores transfers and, after them, approvals, in one transaction: what a send or a resolution
   * learned from the custodian. A transfer's USD value is fixed when it is first stored, from a
   * coin price updated at or after `priceFreshAfter`.
   */
  async record(write: {
    transfers: readonly TransferWrite[];
    approvals: readonly ApprovalWrite[];
    whitelistDecision?: WhitelistDecision;
    priceFreshAfter: Date;
  }): Promise<UpsertCounts> {
    return this.#db.transaction().execute(async (trx) => {
      const counts = await upsertTransfers(trx, write.transfers, write.priceFreshAfter);
      for (const approval of write.approvals) await upsertApproval(trx, approval);
      if (write.whitelistDecision) await applyWhitelistDecision(trx, write.whitelistDecision);
      return counts;
    });
  }

  /** The whitelist entry of the address; null when there is none on a wallet in the scope. */
  async findWhitelistEntry(
    scope: OrganizationScope,
    walletId: number,
    address: string,
  ): Promise<WhitelistEntryRow | null> {
    const row = await selectWhitelistEntryRows(this.#db)
      .where('wallet_id', '=', walletId)
      .where('address', '=', address)
      .where('status', '<>', 'removed')
      .where(walletInScope(scope, 'digital_wallet_whitelist_entry.wallet_id'))
      .executeTakeFirst();
    return (row as WhitelistEntryRow | undefined) ?? null;
  }

  /** The stored transfer; null when there is none on a wallet in the scope. */
  async readTransfer(scope: OrganizationScope, transferId: string): Promise<StoredTransfer | null> {
    const row = await selectStoredTransfers(this.#db)
      .where('t.transfer_id', '=', transferId)
      .where(walletInScope(scope, 't.wallet_id'))
      .executeTakeFirst();
    return (row as StoredTransfer | undefined) ?? null;
  }
}

/** A `CustodyWalletRow`'s columns, of `digital_wallet as w` joined to `coin as c`. */
const custodyWalletColumns = [
  'w.id',
  'w.organization_id as organizationId',
  'w.status',
  'w.coin',
  'c.network',
  'w.custodian_wallet_id as custodianWalletId',
] as const;

function walletQuery(db: Db, scope: OrganizationScope) {
  return db
    .selectFrom('digital_wallet as w')
    .innerJoin('coin as c', 'c.symbol', 'w.coin')
    .select(custodyWalletColumns)
    .where(organizationInScope(scope, 'w.organization_id'))
    .$castTo<CustodyWalletRow>();
}

/**
 * The fee columns after an upsert: a reported fee with its coin replaces the stored pair; a send
 * that ended off the chain (`statesWithoutFee`) clears it, whatever was stored earlier; otherwise
 * (nothing reported) the stored pair is kept.
 */
const feeAfterUpsert = {
  fee_base_units: sql<string | null>`CASE WHEN excluded.fee_base_units IS NOT NULL THEN excluded.fee_base_units
    WHEN excluded.state IN (${sql.join(statesWithoutFee)}) THEN NULL
    ELSE digital_wallet_transaction.fee_base_units END`,
  fee_coin: sql<string | null>`CASE WHEN excluded.fee_base_units IS NOT NULL THEN excluded.fee_coin
    WHEN excluded.state IN (${sql.join(statesWithoutFee)}) THEN NULL
    ELSE digital_wallet_transaction.fee_coin END`,
};

/**
 * Upserts by transfer id. A row is counted as updated only when a value changed, so storing what
 * is already stored counts nothing (a sync run twice changes nothing the second time), and an
 * answer older than the stored one (the custodian's last change) never overwrites it. What the
 * custodian leaves out (a hash before signing, a fee it stopped reporting) keeps the stored value,
 * except the fee of a send that never reached the chain, which is cleared (`feeAfterUpsert`);
 * a transfer id stored for another wallet is left alone. Transfers of coins the platform does not
 * list (coin table) cannot be stored and are skipped. In the same transaction the journal is
 * brought up to what is stored for the wallets concerned (custody-transfer-postings.ts).
 */
export async function upsertTransfers(
  trx: Transaction<Database>,
  transfers: readonly TransferWrite[],
  priceFreshAfter: Date,
): Promise<UpsertCounts> {
  if (transfers.length === 0) return { inserted: 0, updated: 0 };
  const walletIds = [...new Set(transfers.map((transfer) => transfer.walletId))];
  await lockWalletJournals(trx, walletIds);
  const counts = await storeTransfers(trx, transfers, priceFreshAfter);
  await journalWalletTransfers(trx, walletIds);
  return counts;
}

async function storeTransfers(
  trx: Transaction<Database>,
  transfers: readonly TransferWrite[],
  priceFreshAfter: Date,
): Promise<UpsertCounts> {
  const listed = await listedCoins(trx, transfers);
  const storable = transfers.filter((transfer) => listed.has(transfer.coin));
  if (storable.length === 0) return { inserted: 0, updated: 0 };
  const rows = await trx
    .insertInto('digital_wallet_transaction')
    .values(storable.map((transfer) => transferValues(transfer, storedFee(transfer, listed), priceFreshAfter)))
    .onConflict((conflict) =>
      conflict
        .column('transfer_id')
        .doUpdateSet({
          state: sql`excluded.state`,
          tx_hash: sql`coalesce(excluded.tx_hash, digital_wallet_transaction.tx_hash)`,
          ...feeAfterUpsert,
          counterparty_address: sql`coalesce(excluded.counterparty_address, digital_wallet_transaction.counterparty_address)`,
          comment: sql`coalesce(excluded.comment, digital_wallet_transaction.comment)`,
          sequence_id: sql`coalesce(excluded.sequence_id, digital_wallet_transaction.sequence_id)`,
          pending_approval_id: sql`coalesce(excluded.pending_approval_id, digital_wallet_transaction.pending_approval_id)`,
          initiated_by: sql`coalesce(digital_wallet_transaction.initiated_by, excluded.initiated_by)`,
          confirmed_at: sql`excluded.confirmed_at`,
          custodian_updated_at: sql`excluded.custodian_updated_at`,
        })
        .where(
          sql<boolean>`digital_wallet_transaction.wallet_id = excluded.wallet_id
          AND (digital_wallet_transaction.custodian_updated_at IS NULL
            OR excluded.custodian_updated_at >= digital_wallet_transaction.custodian_updated_at)
          AND (
            digital_wallet_transaction.state, digital_wallet_transaction.tx_hash,
            digital_wallet_transaction.fee_base_units, digital_wallet_transaction.fee_coin,
            digital_wallet_transaction.counterparty_address,
            digital_wallet_transaction.comment, digital_wallet_transaction.sequence_id,
            digital_wallet_transaction.pending_approval_id, digital_wallet_transaction.initiated_by,
            digital_wallet_transaction.confirmed_at, digital_wallet_transaction.custodian_updated_at
          ) IS DISTINCT FROM (
            excluded.state, coalesce(excluded.tx_hash, digital_wallet_transaction.tx_hash),
            ${feeAfterUpsert.fee_base_units}, ${feeAfterUpsert.fee_coin},
            coalesce(excluded.counterparty_address, digital_wallet_transaction.counterparty_address),
            coalesce(excluded.comment, digital_wallet_transaction.comment),
            coalesce(excluded.sequence_id, digital_wallet_transaction.sequence_id),
            coalesce(excluded.pending_approval_id, digital_wallet_transaction.pending_approval_id),
            coalesce(digital_wallet_transaction.initiated_by, excluded.initiated_by),
            excluded.confirmed_at, excluded.custodian_updated_at
          )`,
        ),
    )
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .execute();
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/** The coins of the transfers and of the fees they name that the platform lists, each with its network's fee coin. */
async function listedCoins(trx: Writer, transfers: readonly TransferWrite[]): Promise<Map<string, string | null>> {
  const named = transfers.flatMap((transfer) =>
    transfer.feeCoin === null ? [transfer.coin] : [transfer.coin, transfer.feeCoin],
  );
  const rows = await trx
    .selectFrom('coin as c')
    .leftJoin('coin as fee', (join) =>
      join.onRef('fee.network', '=', 'c.network').on('fee.network_fee_coin', '=', true),
    )
    .select(['c.symbol', 'fee.symbol as networkFeeCoin'])
    .where('c.symbol', 'in', [...new Set(named)])
    .execute();
  return new Map(rows.map((row) => [row.symbol, row.networkFeeCoin]));
}

/**
 * The fee a row stores, always with its coin: none for a send that never reached the chain; the
 * named coin when the platform lists it, else none (an amount of an unknown coin cannot be kept);
 * without a named coin, the fee coin of the transfer's network, else none.
 */
function storedFee(transfer: TransferWrite, listed: ReadonlyMap<string, string | null>) {
  const none = { baseUnits: null, coin: null };
  if (transfer.feeBaseUnits === null || statesWithoutFee.includes(transfer.state)) return none;
  const named = transfer.feeCoin;
  const coin = named === null ? (listed.get(transfer.coin) ?? null) : listed.has(named) ? named : null;
  return coin === null ? none : { baseUnits: transfer.feeBaseUnits, coin };
}

function transferValues(
  transfer: TransferWrite,
  fee: { baseUnits: string | null; coin: string | null },
  priceFreshAfter: Date,
) {
  return {
    wallet_id: transfer.walletId,
    transfer_id: transfer.transferId,
    tx_hash: transfer.txHash,
    direction: transfer.direction,
    coin: transfer.coin,
    amount_base_units: transfer.amountBaseUnits,
    usd_value: usdValueAt(transfer, priceFreshAfter),
    state: transfer.state,
    counterparty_address: transfer.counterpartyAddress,
    created_at: transfer.createdAt,
    confirmed_at: transfer.confirmedAt,
    fee_base_units: fee.baseUnits,
    fee_coin: fee.coin,
    comment: transfer.comment,
    sequence_id: transfer.sequenceId,
    pending_approval_id: transfer.pendingApprovalId,
    initiated_by: transfer.initiatedBy,
    custodian_updated_at: transfer.custodianUpdatedAt,
  };
}

/**
 * Amount in whole coins × the coin's USD price, rounded half away from zero to cents by
 * PostgreSQL's numeric; null without a fresh price or when it would not fit numeric(38, 2).
 */
function usdValueAt(transfer: TransferWrite, priceFreshAfter: Date) {
  return sql<string | null>`(
    SELECT CASE WHEN v.usd < 1e36 THEN round(v.usd, 2) END
    FROM (
      SELECT ${transfer.amountBaseUnits}::numeric / power(10::numeric, c.decimals) * p.usd_price AS usd
      FROM coin c JOIN coin_price p ON p.symbol = c.symbol
      WHERE c.symbol = ${transfer.coin} AND p.updated_at >= ${priceFreshAfter}
    ) v
  )`;
}

/**
 * Inserts or updates an approval. Its creator must be a platform user (the column references
 * app_user): an approval of a request made outside the platform is updated when stored, never
 * inserted.
 */
async function upsertApproval(trx: Writer, approval: ApprovalWrite): Promise<void> {
  const transaction =
    approval.transferId === null
      ? null
      : await trx
          .selectFrom('digital_wallet_transaction')
          .select('id')
          .where('transfer_id', '=', approval.transferId)
          .executeTakeFirst();
  const creatorIsUser = await trx
    .selectFrom('app_user')
    .select('id')
    .where('id', '=', approval.createdBy)
    .executeTakeFirst();
  const changed = {
    state: approval.state,
    approvals_required: approval.approvalsRequired,
    approvals_received: approval.approvalsReceived,
    resolved_at: approval.resolvedAt,
    ...(approval.decidedBy === undefined ? {} : { decided_by: approval.decidedBy }),
  };
  if (!creatorIsUser) {
    await trx
      .updateTable('digital_wallet_pending_approval')
      .set(changed)
      .where('id', '=', approval.id)
      .where('wallet_id', '=', approval.walletId)
      .where('state', '=', 'pending')
      .where('approvals_received', '<=', approval.approvalsReceived)
      .execute();
    return;
  }
  await trx
    .insertInto('digital_wallet_pending_approval')
    .values({
      id: approval.id,
      wallet_id: approval.walletId,
      transaction_id: transaction?.id ?? null,
      created_by: approval.createdBy,
      created_at: approval.createdAt,
      ...changed,
    })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({
          ...changed,
          transaction_id: sql`coalesce(excluded.transaction_id, digital_wallet_pending_approval.transaction_id)`,
        })
        // A decision answered late never takes a final approval back, nor lowers its count.
        .where(
          sql<boolean>`digital_wallet_pending_approval.wallet_id = excluded.wallet_id
            AND digital_wallet_pending_approval.state = 'pending'
            AND excluded.approvals_received >= digital_wallet_pending_approval.approvals_received`,
        ),
    )
    .execute();
}

/**
 * A pending entry becomes approved or rejected; an approved removal keeps the entry as `removed`
 * (migration 0013), by the person who asked for the removal (its approval's creator; the approval
 * keeps who decided it), at the decision's time.
 */
async function applyWhitelistDecision(trx: Writer, decision: WhitelistDecision): Promise<void> {
  if (decision.change === 'remove') {
    if (decision.outcome === 'approved')
      await trx
        .updateTable('digital_wallet_whitelist_entry as e')
        .set({
          status: 'removed',
          removed_at: decision.decidedAt,
          removed_by: (eb) =>
            eb
              .selectFrom('digital_wallet_pending_approval as a')
              .select('a.created_by')
              .whereRef('a.whitelist_entry_id', '=', 'e.id')
              .where('a.kind', '=', 'whitelistRemove')
              .orderBy('a.created_at', 'desc')
              .limit(1),
        })
        .where('e.wallet_id', '=', decision.walletId)
        .where('e.address', '=', decision.address)
        .where('e.status', '<>', 'removed')
        .execute();
    return;
  }
  await trx
    .updateTable('digital_wallet_whitelist_entry')
    .set({ status: decision.outcome, decided_at: decision.decidedAt })
    .where('wallet_id', '=', decision.walletId)
    .where('address', '=', decision.address)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Stored transfers as `StoredTransfer` rows, for a caller to narrow (`where`, `orderBy`, `limit`):
 * the one reading of digital_wallet_transaction, here and in the wallet detail.
 */
export function selectStoredTransfers(db: Db) {
  return db
    .selectFrom('digital_wallet_transaction as t')
    .innerJoin('coin as c', 'c.symbol', 't.coin')
    .leftJoin('coin as fc', 'fc.symbol', 't.fee_coin')
    .select([
      't.transfer_id as transferId',
      't.wallet_id as walletId',
      't.direction',
      't.state',
      't.coin',
      'c.decimals',
      (eb) => eb.cast<string>('t.amount_base_units', 'text').as('amountBaseUnits'),
      (eb) => eb.cast<string | null>('t.usd_value', 'text').as('usdValue'),
      (eb) => eb.cast<string | null>('t.fee_base_units', 'text').as('feeBaseUnits'),
      't.fee_coin as feeCoin',
      'fc.decimals as feeDecimals',
      't.tx_hash as txHash',
      't.counterparty_address as counterpartyAddress',
      't.comment',
      sql<string | null>`coalesce(t.pending_approval_id,
        (SELECT a.id FROM digital_wallet_pending_approval a WHERE a.transaction_id = t.id
         ORDER BY a.created_at DESC, a.id DESC LIMIT 1))`.as('pendingApprovalId'),
      't.initiated_by as initiatedBy',
      't.created_at as createdAt',
      't.confirmed_at as confirmedAt',
    ]);
}

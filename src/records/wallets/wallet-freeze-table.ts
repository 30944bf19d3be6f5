// Wallets frozen by a DENIED AML screening and unfrozen by a person (migration 0013's
// digital_wallet_freeze; docs/custody.md#aml-freeze). A freeze is written in the transaction that
// stores the denied report, an unfreeze in its own, each with its audit_log entry through the one
// writer (docs/ledger.md#who-did-what). The wallet is locked before either changes it, so a freeze
// and an unfreeze of one wallet take their turns. The database refuses to make a wallet with an
// open freeze ACTIVE any other way (the trigger digital_wallet_aml_freeze). Opening a freeze
// releases the holds of the wallet's sends not signed yet (migration 0020's trigger); the freeze's
// audit entry names them, and each gets an entry `digital_wallet_transaction.void` of its own.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';
import type { Db } from '../../db/create-database.ts';
import { type OrganizationScope, organizationInScope } from '../../access/organization-scope.ts';
import { type AuditActor, type AuditEntry, writeAuditEntry } from '../audit/audit-log-table.ts';
import type { WalletRow } from './wallet-summary-table.ts';

type WalletStatus = WalletRow['status'];

/** The denied report that freezes its wallet. */
export interface DeniedReport {
  id: string;
  walletId: number;
  riskLevel: string | null;
  riskScore: number | null;
}

/** What an unfreeze asks: the wallet, who acts (audit_log's actor) and why. */
export interface Unfreeze {
  scope: OrganizationScope;
  walletId: number;
  actor: AuditActor;
  reason: string;
}

export type Unfrozen =
  /** The wallet is ACTIVE again; `amlReportId`: the denied report whose freeze was closed, null for a wallet frozen by hand. */
  | { outcome: 'unfrozen'; amlReportId: string | null }
  /** The wallet was not FROZEN: nothing changed. */
  | { outcome: 'notFrozen'; status: WalletStatus }
  /** No such wallet in the scope. */
  | { outcome: 'notFound' };

/** The wallet's status, its row locked until the transaction ends; null when there is no such wallet (in the scope). */
export async function lockWallet(
  trx: Transaction<Database>,
  walletId: number,
  scope?: OrganizationScope,
): Promise<WalletStatus | null> {
  const row = await trx
    .selectFrom('digital_wallet as w')
    .select('w.status')
    .where('w.id', '=', walletId)
    .$if(scope !== undefined, (query) => query.where(organizationInScope(scope!, 'w.organization_id')))
    .forUpdate()
    .executeTakeFirst();
  return (row?.status as WalletStatus | undefined) ?? null;
}

/**
 * Freezes the report's wallet, in the caller's transaction, which must hold the wallet's lock
 * (`lockWallet`) since before it wrote the report. An ACTIVE or FROZEN wallet becomes FROZEN; an
 * ARCHIVED one stays ARCHIVED, yet frozen all the same: it cannot become ACTIVE until unfrozen.
 * A wallet frozen by an earlier denial stays frozen by that one, and nothing is written.
 */
export async function freezeForDenial(
  trx: Transaction<Database>,
  report: DeniedReport,
  previousStatus: WalletStatus,
  actor: AuditActor,
): Promise<void> {
  const opened = await trx
    .insertInto('digital_wallet_freeze')
    .values({ wallet_id: report.walletId, aml_report_id: report.id })
    .onConflict((conflict) => conflict.column('wallet_id').where('unfrozen_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!opened) return;
  const voided = await sendsVoidedBy(trx, opened.id);
  const status: WalletStatus = previousStatus === 'archived' ? 'archived' : 'frozen';
  await trx
    .updateTable('digital_wallet')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', report.walletId)
    .execute();
  await writeAuditEntry(trx, {
    actor,
    action: 'digital_wallet.freeze',
    resourceType: 'digital_wallet',
    resourceId: String(report.walletId),
    details: {
      amlReportId: report.id,
      riskLevel: report.riskLevel,
      riskScore: report.riskScore,
      previousStatus,
      status,
      voidedTransferIds: voided.map((send) => send.transferId),
    },
  });
  for (const send of voided) await writeAuditEntry(trx, sendVoidEntry(send, report, opened.id, actor));
}

/** A send whose holds the freeze released (migration 0020's trigger on digital_wallet_freeze). */
interface VoidedSend {
  transferId: string;
  coin: string;
  amountBaseUnits: string;
  feeCoin: string | null;
  feeBaseUnits: string | null;
  state: string;
  /** The void transfers of its holds (none for a send never held, e.g. one waiting for funds). */
  releasedHolds: string[];
}

async function sendsVoidedBy(trx: Transaction<Database>, freezeId: number): Promise<VoidedSend[]> {
  return trx
    .selectFrom('digital_wallet_transaction')
    .select([
      'transfer_id as transferId',
      'coin',
      sql<string>`amount_base_units::text`.as('amountBaseUnits'),
      'fee_coin as feeCoin',
      sql<string | null>`fee_base_units::text`.as('feeBaseUnits'),
      'state',
      sql<string[]>`array(SELECT l.id FROM ledger_transfer l WHERE l.id IN ('send:' || transfer_id || ':void',
        'send-fee:' || transfer_id || ':void') ORDER BY l.id DESC)`.as('releasedHolds'),
    ])
    .where('voided_by_freeze_id', '=', freezeId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** `digital_wallet_transaction.void`: the send, what it would have moved, and the freeze that stopped it. */
function sendVoidEntry(send: VoidedSend, report: DeniedReport, freezeId: number, actor: AuditActor): AuditEntry {
  return {
    actor,
    action: 'digital_wallet_transaction.void',
    resourceType: 'digital_wallet_transaction',
    resourceId: send.transferId,
    details: {
      walletId: report.walletId,
      freezeId,
      amlReportId: report.id,
      custodianState: send.state,
      coin: send.coin,
      amountBaseUnits: send.amountBaseUnits,
      feeCoin: send.feeCoin,
      feeBaseUnits: send.feeBaseUnits,
      releasedHolds: send.releasedHolds,
    },
  };
}

export function createWalletFreezeTable(db: Db) {
  return {
    /**
     * A FROZEN wallet made ACTIVE, its open freeze closed with who and why, and the audit entry,
     * in one transaction; any other status changes nothing.
     */
    async unfreeze(unfreeze: Unfreeze): Promise<Unfrozen> {
      return db.transaction().execute(async (trx) => {
        const status = await lockWallet(trx, unfreeze.walletId, unfreeze.scope);
        if (status === null) return { outcome: 'notFound' };
        if (status !== 'frozen') return { outcome: 'notFrozen', status };
        const closed = await trx
          .updateTable('digital_wallet_freeze')
          .set({ unfrozen_at: sql`now()`, unfrozen_by: unfreeze.actor.userId, unfreeze_reason: unfreeze.reason })
          .where('wallet_id', '=', unfreeze.walletId)
          .where('unfrozen_at', 'is', null)
          .returning('aml_report_id')
          .executeTakeFirst();
        await trx
          .updateTable('digital_wallet')
          .set({ status: 'active', updated_at: sql`now()` })
          .where('id', '=', unfreeze.walletId)
          .execute();
        const amlReportId = closed?.aml_report_id ?? null;
        await writeAuditEntry(trx, {
          actor: unfreeze.actor,
          action: 'digital_wallet.unfreeze',
          resourceType: 'digital_wallet',
          resourceId: String(unfreeze.walletId),
          details: { amlReportId, previousStatus: status, status: 'active', reason: unfreeze.reason },
        });
        return { outcome: 'unfrozen', amlReportId };
      });
    },
  };
}

export type WalletFreezeTable = ReturnType<typeof createWalletFreezeTable>;

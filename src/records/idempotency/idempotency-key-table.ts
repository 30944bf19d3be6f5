// The rows of `idempotency_key` (migration 0023, docs/idempotency.md): a request claims its key
// (one insert that only one of concurrent requests wins), then completes it with the id of what it
// made in the transaction that writes it (writeUnderClaim, completeClaim), marks it failed, or
// releases it; a later request reads the row its key names. Every change
// of state is conditional on the row still being `pending`, so two requests (or a request and the
// start-up sweep) that both try to finish one claim cannot both succeed.
import { type Transaction, sql } from 'kysely';
import type { Db } from '../../db/create-database.ts';
import type { Database } from '../../../generated/database/database.ts';

export type IdempotencyState = 'pending' | 'completed' | 'failed';

export interface IdempotencyRow {
  id: string;
  organizationId: string;
  operation: string;
  key: string | null;
  requestDigest: string;
  state: IdempotencyState;
  /** The id of what the request made; set once completed. */
  resultRef: string | null;
  /** The reference a provider call of the request carries (a UUID). */
  reference: string;
  /** What finishing the request needs, for an operation whose provider call comes first. */
  intent: unknown;
  createdAt: Date;
  /** When its state last changed or a request took it over. */
  updatedAt: Date;
}

export interface NewClaim {
  organizationId: string;
  operation: string;
  /** Null for an intent without a client key: never answered to another request. */
  key: string | null;
  requestDigest: string;
  intent?: unknown;
  now: Date;
  /** A row of the same key created before this is expired and replaced, as is a failed one. */
  expiredBefore: Date;
}

/** The claim made, or the row that holds the key already. */
export type ClaimResult = { claimed: true; row: IdempotencyRow } | { claimed: false; row: IdempotencyRow };

const columns = [
  'id',
  'organization_id as organizationId',
  'operation',
  'idempotency_key as key',
  'request_digest as requestDigest',
  'state',
  'result_ref as resultRef',
  'reference',
  'intent',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

export function createIdempotencyKeyTable(db: Db): IdempotencyKeyTable {
  return new IdempotencyKeyTable(db);
}

export class IdempotencyKeyTable {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async claim(claim: NewClaim): Promise<ClaimResult> {
    if (claim.key !== null) await this.#dropSpent(claim);
    const inserted = await this.#db
      .insertInto('idempotency_key')
      .values({
        organization_id: claim.organizationId,
        operation: claim.operation,
        idempotency_key: claim.key,
        request_digest: claim.requestDigest,
        intent: claim.intent === undefined ? null : JSON.stringify(claim.intent),
        created_at: claim.now,
        updated_at: claim.now,
      })
      .onConflict((conflict) => conflict.columns(['organization_id', 'operation', 'idempotency_key']).doNothing())
      .returning(columns)
      .executeTakeFirst();
    if (inserted) return { claimed: true, row: inserted as IdempotencyRow };
    const held = await this.#db
      .selectFrom('idempotency_key')
      .select(columns)
      .where('organization_id', '=', claim.organizationId)
      .where('operation', '=', claim.operation)
      .where('idempotency_key', '=', claim.key)
      .executeTakeFirst();
    // Released between the insert and the read: the next claim can win it.
    if (!held) return this.claim(claim);
    return { claimed: false, row: held as IdempotencyRow };
  }

  async find(id: string): Promise<IdempotencyRow | null> {
    const row = await this.#db.selectFrom('idempotency_key').select(columns).where('id', '=', id).executeTakeFirst();
    return (row as IdempotencyRow | undefined) ?? null;
  }

  /** Marks a pending claim failed (nothing was made); its key can be claimed again. */
  async fail(id: string, now: Date): Promise<boolean> {
    const result = await this.#db
      .updateTable('idempotency_key')
      .set({ state: 'failed', updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Takes over a pending claim untouched since `staleBefore`; false when another request did, or it finished. */
  async takeOver(id: string, staleBefore: Date, now: Date): Promise<boolean> {
    const result = await this.#db
      .updateTable('idempotency_key')
      .set({ updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('updated_at', '<', staleBefore)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Pending claims of the operation untouched since `staleBefore`, oldest first. */
  async stalePending(operation: string, staleBefore: Date): Promise<IdempotencyRow[]> {
    const rows = await this.#db
      .selectFrom('idempotency_key')
      .select(columns)
      .where('operation', '=', operation)
      .where('state', '=', 'pending')
      .where('updated_at', '<', staleBefore)
      .orderBy('updated_at')
      .execute();
    return rows as IdempotencyRow[];
  }

  /** Drops finished rows created before `before`: no request can be answered from them any more. */
  async deleteExpired(before: Date): Promise<number> {
    const result = await this.#db
      .deleteFrom('idempotency_key')
      .where('state', '<>', 'pending')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The key's row when it expired or failed: the key is free again. */
  async #dropSpent(claim: NewClaim): Promise<void> {
    await this.#db
      .deleteFrom('idempotency_key')
      .where('organization_id', '=', claim.organizationId)
      .where('operation', '=', claim.operation)
      .where('idempotency_key', '=', claim.key)
      .where((eb) => eb.or([eb('created_at', '<', claim.expiredBefore), eb('state', '=', 'failed')]))
      .execute();
  }
}

/**
 * Completes a pending claim within the caller's transaction, first of its statements, so that the
 * row stays locked until the result it names is committed with it; false when it is not pending.
 */
export async function completeClaim(
  db: Db | Transaction<Database>,
  id: string,
  resultRef: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_key')
    .set({ state: 'completed', result_ref: resultRef, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The claim a write completes in its own transaction (docs/idempotency.md#storage). */
export interface ClaimToComplete {
  id: string;
  now: Date;
}

/** Thrown by a write under a claim that is no longer pending: its transaction rolled back, nothing made. */
export class ClaimLost extends Error {
  constructor(id: string) {
    super(`idempotency claim ${id} is no longer pending`);
  }
}

/**
 * Runs `write` in one transaction with the completion of `claim` (none: just the write), so that
 * what a request made and its key's completion commit together: a process that dies before the
 * commit leaves neither, never a made thing under a pending key. The claim is locked first, so
 * a request that took it over meanwhile wins and this write rolls back with ClaimLost.
 */
export async function writeUnderClaim<T>(
  db: Db,
  claim: ClaimToComplete | null,
  write: (trx: Transaction<Database>) => Promise<T>,
  resultRefOf: (made: T) => string,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (claim && !(await lockPendingClaim(trx, claim.id))) throw new ClaimLost(claim.id);
    const made = await write(trx);
    if (claim) await completeClaim(trx, claim.id, resultRefOf(made), claim.now);
    return made;
  });
}

/** Locks a pending claim for the caller's transaction; false when it is not pending any more. */
export async function lockPendingClaim(db: Transaction<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('idempotency_key')
    .select(sql<number>`1`.as('one'))
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

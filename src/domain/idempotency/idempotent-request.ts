// Runs a mutation that creates something under the client's `idempotencyKey` (docs/idempotency.md),
// Stripe's model: the first request with a key claims it with the digest of its input and, when it
// succeeds, completes it with the id of what it made, in the transaction that writes it. A repeat with the same input answers that
// thing as it is now (`replay`); with other input, CONFLICT. A repeat that arrives while the first
// still runs waits up to `inProgressWaitMs` for it, then answers CONFLICT "in progress"; a claim
// left pending past its lease (its request died; pendingLeaseAfter) is taken over and run again. A
// request that fails frees its key, since it made nothing. Keys are per organization and
// operation and kept 24 hours.
import {
  ClaimLost,
  type ClaimToComplete,
  type IdempotencyKeyTable,
  type IdempotencyRow,
} from '../../records/idempotency/idempotency-key-table.ts';
import { failed, type Outcome } from '../outcomes/outcome.ts';
import { userError, type UserError } from '../outcomes/user-error.ts';

export const keyLifetimeMs = 24 * 60 * 60 * 1000;
/** A pending claim's lease without a request deadline (REQUEST_TIMEOUT_MS=0): longer than a request runs. */
export const unboundedRequestLeaseMs = 2 * 60 * 1000;
/** Beyond the request deadline: a provider call under way when it passed (the custodian's timeout is 10 s). */
const leaseMarginMs = 15_000;

/**
 * How long a claim stays its request's: past REQUEST_TIMEOUT_MS and a provider call that outlived
 * it. A request that still runs after that loses the claim at its write (writeUnderClaim), so a
 * shorter lease never makes two things; it only frees a dead node's keys sooner.
 */
export function pendingLeaseAfter(requestTimeoutMs: number): number {
  return requestTimeoutMs === 0 ? unboundedRequestLeaseMs : requestTimeoutMs + leaseMarginMs;
}
export const inProgressWaitMs = 2_000;
const pollMs = 50;

/** The mutations whose keys live in `idempotency_key` (schema.graphql `Mutation`). */
export type IdempotentOperation =
  'createDigitalWallet' | 'createDigitalWalletAddress' | 'addDigitalWalletWhitelistEntry' | 'requestOtcQuote';

export interface KeyedRequest<T> {
  organizationId: string;
  operation: IdempotentOperation;
  /** The client's key; without one the request just runs. */
  key: string | null | undefined;
  /** requestDigest() of the normalized input. */
  digest: string;
  /**
   * The operation itself, after every check that does not write. It writes what it makes with
   * `writeUnderClaim(claim)`, so the thing and the key's completion commit together (null: no key).
   */
  run: (claim: ClaimToComplete | null) => Promise<Outcome<T>>;
  /** What an earlier request with the key made, as the caller sees it now. */
  replay: (resultRef: string) => Promise<Outcome<T>>;
}

export interface IdempotencyDeps {
  keys: IdempotencyKeyTable;
  /** pendingLeaseAfter(REQUEST_TIMEOUT_MS); default the lease without a deadline. */
  pendingLeaseMs?: number;
  now?: () => Date;
}

export function keyReused(): UserError {
  return userError('CONFLICT', 'idempotencyKey was already used with different input', 'idempotencyKey');
}

export function keyInProgress(): UserError {
  return userError(
    'CONFLICT',
    'a request with this idempotencyKey is still in progress: retry it in a few seconds',
    'idempotencyKey',
  );
}

export function createIdempotency(deps: IdempotencyDeps): Idempotency {
  return new Idempotency(deps);
}

export class Idempotency {
  readonly keys: IdempotencyKeyTable;
  readonly pendingLeaseMs: number;
  readonly now: () => Date;

  constructor(deps: IdempotencyDeps) {
    this.keys = deps.keys;
    this.pendingLeaseMs = deps.pendingLeaseMs ?? unboundedRequestLeaseMs;
    this.now = deps.now ?? (() => new Date());
  }

  async run<T>(request: KeyedRequest<T>): Promise<Outcome<T>> {
    if (request.key == null) return request.run(null);
    const { claimed, row } = await this.keys.claim({
      organizationId: request.organizationId,
      operation: request.operation,
      key: request.key,
      requestDigest: request.digest,
      now: this.now(),
      expiredBefore: this.#ago(keyLifetimeMs),
    });
    return claimed ? this.#runClaimed(row.id, request) : this.#answerHeld(row, request);
  }

  /**
   * The row once it is no longer pending, or as it is after `inProgressWaitMs`; null when it was
   * dropped meanwhile (failed and claimed again, or expired).
   */
  async settled(row: IdempotencyRow): Promise<IdempotencyRow | null> {
    const deadline = Date.now() + inProgressWaitMs;
    let current: IdempotencyRow | null = row;
    while (current?.state === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      current = await this.keys.find(row.id);
    }
    return current;
  }

  /** Takes a pending claim over once its lease ran out; false while its request may still run. */
  takeOver(row: IdempotencyRow): Promise<boolean> {
    return this.keys.takeOver(row.id, this.#ago(this.pendingLeaseMs), this.now());
  }

  async #answerHeld<T>(row: IdempotencyRow, request: KeyedRequest<T>): Promise<Outcome<T>> {
    if (row.requestDigest !== request.digest) return failed([keyReused()]);
    const settled = await this.settled(row);
    if (settled === null || settled.state === 'failed') return this.run(request);
    if (settled.state === 'completed') return request.replay(settled.resultRef as string);
    if (await this.takeOver(settled)) return this.#runClaimed(settled.id, request);
    return failed([keyInProgress()]);
  }

  async #runClaimed<T>(id: string, request: KeyedRequest<T>): Promise<Outcome<T>> {
    let outcome: Outcome<T>;
    try {
      outcome = await request.run({ id, now: this.now() });
    } catch (error) {
      // Another request took the claim over (this one outlived the lease): it makes the thing.
      if (error instanceof ClaimLost) return failed([keyInProgress()]);
      // Unmarked (the database failing too), the claim stays pending until its lease ends.
      await this.keys.fail(id, this.now()).catch(() => false);
      throw error;
    }
    // A run that made its thing completed the claim in the transaction that wrote it.
    if (!outcome.ok) await this.keys.fail(id, this.now());
    return outcome;
  }

  #ago(ms: number): Date {
    return new Date(this.now().getTime() - ms);
  }
}

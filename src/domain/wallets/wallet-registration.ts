// Registering a wallet the custodian made for a `createDigitalWallet` claim
// (docs/custody.md#idempotent-creation): the wallet, its first address and the claim completed in
// one transaction, then the cached results it changes dropped. A claim whose request died between
// the custodian's answer and that commit is finished here too: the custodian is asked for the
// wallet made with the claim's reference, which is registered (adopted) when it exists; when it
// does not, the claim is marked failed. The next request with the key does this for its claim; the
// start-up sweep does it for every claim left pending longer than a request may run, so no wallet
// stays at the custodian without its row, nor a claim pending forever.
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import type { CustodyProvider, CustodyWallet } from '../../providers/custody/custody-provider.ts';
import type { IdempotencyRow } from '../../records/idempotency/idempotency-key-table.ts';
import type { WalletWriteTable } from '../../records/wallets/wallet-write-table.ts';
import { type Idempotency, keyLifetimeMs } from '../idempotency/idempotent-request.ts';
import { custodianCoinOf } from './custodian-coin.ts';
import { walletChangeTags } from './wallet-cache-tags.ts';
import type { WalletCreationIntent } from './wallet-creation-key.ts';

export interface WalletRegistrationDeps {
  table: WalletWriteTable;
  custody: CustodyProvider;
  results: ResultCache;
  logger: Logger;
  idempotency: Idempotency;
}

/** What asking the custodian settled: the wallet registered, none made, or not known yet. */
export type Adoption = { walletId: number } | 'absent' | 'unknown';

export interface RecoverySummary {
  adopted: number;
  failed: number;
  unsettled: number;
}

export const creationOperation = 'createDigitalWallet';

export function createWalletRegistration(deps: WalletRegistrationDeps): WalletRegistration {
  return new WalletRegistration(deps);
}

export class WalletRegistration {
  readonly #deps: WalletRegistrationDeps;

  constructor(deps: WalletRegistrationDeps) {
    this.#deps = deps;
  }

  /**
   * Registers the wallet under the claim: its id, or null when another request or the sweep
   * registered it first. A failure leaves the claim pending, to be adopted later, and is logged.
   */
  async register(claim: IdempotencyRow, made: CustodyWallet): Promise<number | null> {
    const intent = claim.intent as WalletCreationIntent;
    let registered: { id: number } | null;
    try {
      registered = await this.#deps.table.insertWallet(
        {
          organizationId: claim.organizationId,
          ownerUserId: intent.ownerUserId,
          label: intent.label,
          coin: intent.coin,
          walletType: intent.type,
          custodianWalletId: made.id,
          createdBy: intent.createdBy,
          receiveAddress: { address: made.receiveAddress.address, network: intent.network },
          claimId: claim.id,
        },
        this.#deps.idempotency.now(),
      );
    } catch (error) {
      this.#deps.logger.error(
        { err: error, custodianWalletId: made.id, coin: intent.coin, organizationId: claim.organizationId },
        'wallet created at the custodian but not registered: kept pending, adopted by the next request with its key or at start-up',
      );
      throw error;
    }
    if (registered === null) return null;
    await this.#deps.results.invalidate(
      walletChangeTags({ id: registered.id, ownerUserId: intent.ownerUserId, organizationId: claim.organizationId }),
    );
    return registered.id;
  }

  /** Asks the custodian for the wallet of the claim's reference and registers it; a claim it never made fails. */
  async adopt(claim: IdempotencyRow): Promise<Adoption> {
    const intent = claim.intent as WalletCreationIntent;
    let found: CustodyWallet | null;
    try {
      found = await this.#deps.custody.findWalletByReference(custodianCoinOf(intent.coin), claim.reference);
    } catch (error) {
      this.#deps.logger.warn({ err: error, claim: claim.id }, 'custodian not asked for a pending wallet creation');
      return 'unknown';
    }
    if (found === null) return 'absent';
    const id = (await this.register(claim, found)) ?? (await this.#registeredBy(claim));
    if (id === null) return 'unknown';
    this.#deps.logger.warn(
      { walletId: id, custodianWalletId: found.id, organizationId: claim.organizationId },
      'wallet the custodian made for a request that did not register it: adopted',
    );
    return { walletId: id };
  }

  /** Marks the claim failed: the custodian holds no wallet of it, so the key is free again. */
  async release(claim: IdempotencyRow): Promise<void> {
    await this.#deps.idempotency.keys.fail(claim.id, this.#deps.idempotency.now());
  }

  /**
   * The start-up sweep: every creation claim pending longer than a request may run is adopted or
   * marked failed; one the custodian cannot be asked about now stays pending. Expired keys go.
   */
  async recoverPending(): Promise<RecoverySummary> {
    const { keys } = this.#deps.idempotency;
    const now = this.#deps.idempotency.now().getTime();
    await keys.deleteExpired(new Date(now - keyLifetimeMs));
    const summary: RecoverySummary = { adopted: 0, failed: 0, unsettled: 0 };
    for (const claim of await keys.stalePending(
      creationOperation,
      new Date(now - this.#deps.idempotency.pendingLeaseMs),
    )) {
      const adoption = await this.adopt(claim).catch((): Adoption => 'unknown');
      if (adoption === 'absent') await this.release(claim);
      if (adoption === 'unknown') summary.unsettled += 1;
      else if (adoption === 'absent') summary.failed += 1;
      else summary.adopted += 1;
    }
    if (summary.adopted + summary.failed + summary.unsettled > 0)
      this.#deps.logger.info(summary, 'pending wallet creations settled with the custodian');
    return summary;
  }

  /** The wallet a claim another request completed names; null when it is not completed. */
  async #registeredBy(claim: IdempotencyRow): Promise<number | null> {
    const row = await this.#deps.idempotency.keys.find(claim.id);
    return row?.state === 'completed' ? Number(row.resultRef) : null;
  }
}

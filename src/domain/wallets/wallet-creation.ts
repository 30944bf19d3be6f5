// schema.graphql `Mutation.createDigitalWallet` (docs/custody.md#wallet-operations,
// docs/custody.md#idempotent-creation): checks the input, the organization, the coin and the
// owner; records the intent (a claim in `idempotency_key` with the request's key, if any, the
// digest of its input, and a reference of its own), creates the wallet at the custodian with that
// reference, under the custodian's approval policy for its type (wallet-approval-policy.ts), then
// registers it and completes the claim in one transaction (wallet-registration.ts). A custodian
// that refuses leaves nothing but a failed claim. A request cut off after the custodian made the
// wallet leaves the claim pending: the next request with its key, or the start-up sweep, asks the
// custodian for the wallet of the reference and registers it, so neither side keeps an orphan.
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import type { WalletWriteTable } from '../../records/wallets/wallet-write-table.ts';
import type { IdempotencyRow } from '../../records/idempotency/idempotency-key-table.ts';
import { type Idempotency, keyInProgress, keyLifetimeMs, keyReused } from '../idempotency/idempotent-request.ts';
import type { CustodyProvider, CustodyWallet, CustodyWalletType } from '../../providers/custody/custody-provider.ts';
import type { ActingUserDirectory } from '../identity/acting-user.ts';
import { custodianCoinOf } from './custodian-coin.ts';
import type { RequestLog } from './provider-failure-messages.ts';
import { custodyRefusal } from './custody-refusals.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { userError, type UserError } from '../outcomes/user-error.ts';
import { walletCallerOf, type WalletCaller, type WalletRequester } from './wallet-caller.ts';
import { approvalsRequiredFor } from './wallet-approval-policy.ts';
import { creationInputDigest, type NormalizedWalletInput, type WalletCreationIntent } from './wallet-creation-key.ts';
import { type Adoption, creationOperation, type WalletRegistration } from './wallet-registration.ts';
import {
  type Check,
  checkCoin,
  checkText,
  coinSymbolOf,
  idempotencyKeyMaxLength,
  publicKeyMaxLength,
  runChecks,
  userIdMaxLength,
  walletLabelMaxLength,
} from './wallet-input-checks.ts';
import type { WalletSummaryService, WalletSummaryView } from './wallet-summary-service.ts';

/** schema.graphql `CreateDigitalWalletInput`. */
export interface CreateWalletInput {
  label: string;
  type: 'CUSTODIAL' | 'HOT' | 'SMART';
  coin: string;
  organizationId?: string | null;
  ownerUserId?: string | null;
  userPublicKey?: string | null;
  idempotencyKey?: string | null;
}

export interface WalletCreationDeps {
  table: WalletWriteTable;
  custody: CustodyProvider;
  users: ActingUserDirectory;
  summaries: WalletSummaryService;
  results: ResultCache;
  logger: Logger;
  /** Approvals a new CUSTODIAL wallet's sends and whitelist changes need (CUSTODY_APPROVALS_REQUIRED). */
  custodialApprovalsRequired: number;
  idempotency: Idempotency;
  registration: WalletRegistration;
}

type Created = Outcome<{ wallet: WalletSummaryView }>;

export function createWalletCreation(deps: WalletCreationDeps): WalletCreation {
  return new WalletCreation(deps);
}

/** The checked request: who asks, its intent, its idempotency key and the digest of its input. */
interface CreationRequest {
  caller: WalletCaller;
  intent: WalletCreationIntent;
  key: string | null;
  digest: string;
  request: RequestLog;
}

export class WalletCreation {
  readonly #deps: WalletCreationDeps;

  constructor(deps: WalletCreationDeps) {
    this.#deps = deps;
  }

  async createWallet(requester: WalletRequester, input: CreateWalletInput): Promise<Created> {
    const caller = await walletCallerOf(requester, this.#deps.users);
    const errors = runChecks(inputChecks(input));
    if (errors.length > 0) return failed(errors);
    const organization = await this.#organizationOf(caller, input.organizationId);
    if (typeof organization !== 'string') return failed([organization]);
    const organizationId = organization;
    await assertMayPerform(this.#deps.users, {
      operation: 'createDigitalWallet',
      actingUserId: caller.actingUserId,
      organizationId,
    });
    const coin = await this.#deps.table.findCoin(coinSymbolOf(input.coin) as string);
    if (!coin) return failed([userError('UNSUPPORTED_ASSET', `coin ${input.coin} is not supported`, 'coin')]);
    const normalized: NormalizedWalletInput = {
      organizationId,
      label: input.label,
      type: input.type.toLowerCase() as CustodyWalletType,
      coin: coin.symbol,
      ownerUserId: input.ownerUserId ?? null,
      userPublicKey: input.userPublicKey ?? null,
    };
    const owner = await this.#ownerProblem(normalized.ownerUserId, organizationId);
    if (owner) return failed([owner]);
    return this.#claimAndCreate({
      caller,
      intent: { ...normalized, network: coin.network, createdBy: caller.actingUserId },
      key: input.idempotencyKey ?? null,
      digest: creationInputDigest(normalized),
      request: requester.log,
    });
  }

  /** Claims the key (or, without one, records the intent alone), then creates or answers the holder. */
  async #claimAndCreate(creation: CreationRequest): Promise<Created> {
    const { idempotency } = this.#deps;
    const { claimed, row } = await idempotency.keys.claim({
      organizationId: creation.intent.organizationId,
      operation: creationOperation,
      key: creation.key,
      requestDigest: creation.digest,
      intent: creation.intent,
      now: idempotency.now(),
      expiredBefore: new Date(idempotency.now().getTime() - keyLifetimeMs),
    });
    return claimed ? this.#create(creation, row) : this.#answerHeld(creation, row);
  }

  /**
   * A key another request claimed: other input is a conflict; its wallet once registered; a claim
   * still pending after the wait is settled with the custodian, taken over once its lease ran out,
   * and otherwise answered as in progress.
   */
  async #answerHeld(creation: CreationRequest, held: IdempotencyRow): Promise<Created> {
    if (held.requestDigest !== creation.digest) return failed([keyReused()]);
    const { idempotency, registration } = this.#deps;
    const row = await idempotency.settled(held);
    if (row === null || row.state === 'failed') return this.#claimAndCreate(creation);
    if (row.state === 'completed') return this.#summaryOf(creation.caller, Number(row.resultRef), false);
    const adoption = await registration.adopt(row);
    if (adoption !== 'absent' && adoption !== 'unknown')
      return this.#summaryOf(creation.caller, adoption.walletId, true);
    if (adoption === 'absent' && (await idempotency.takeOver(row))) return this.#create(creation, row);
    return failed([keyInProgress()]);
  }

  /** The wallet a key made, as the caller sees it. */
  async #summaryOf(caller: WalletCaller, walletId: number, refresh: boolean): Promise<Created> {
    const wallet = await this.#deps.summaries.summary(walletId, caller.scope, { refresh });
    if (!wallet) throw new Error(`wallet ${walletId} was registered but cannot be read back`);
    return succeeded({ wallet });
  }

  /**
   * The wallet made at the custodian under the claim's reference, then registered. After a refusal
   * the custodian is asked whether it made the wallet all the same (an answer lost on the way):
   * such a wallet is adopted, and without one the claim fails and the key is free again.
   */
  async #create(creation: CreationRequest, claim: IdempotencyRow): Promise<Created> {
    const { registration } = this.#deps;
    let made: CustodyWallet | { errors: UserError[] };
    try {
      made = await this.#createAtCustodian(creation.intent, claim.reference, creation.request);
    } catch (error) {
      // A failure masked for the caller (our credentials refused): settled the same way.
      if ((await registration.adopt(claim).catch((): Adoption => 'unknown')) === 'absent')
        await registration.release(claim);
      throw error;
    }
    if ('errors' in made) {
      const adoption = await registration.adopt(claim);
      if (adoption === 'absent') await registration.release(claim);
      if (adoption === 'absent' || adoption === 'unknown') return failed(made.errors);
      return this.#summaryOf(creation.caller, adoption.walletId, true);
    }
    const id = await registration.register(claim, made);
    if (id !== null) return this.#summaryOf(creation.caller, id, true);
    // Registered meanwhile by a repeat that adopted it: the same wallet.
    const row = await this.#deps.idempotency.keys.find(claim.id);
    if (row?.state !== 'completed') throw new Error(`wallet creation claim ${claim.id} was taken but not completed`);
    return this.#summaryOf(creation.caller, Number(row.resultRef), true);
  }

  async #createAtCustodian(
    input: NormalizedWalletInput,
    clientReference: string,
    request: RequestLog,
  ): Promise<CustodyWallet | { errors: UserError[] }> {
    try {
      return await this.#deps.custody.createWallet({
        coin: custodianCoinOf(input.coin),
        label: input.label,
        type: input.type,
        ...(input.userPublicKey === null ? {} : { userPublicKey: input.userPublicKey }),
        approvalsRequired: approvalsRequiredFor(input.type, this.#deps.custodialApprovalsRequired),
        clientReference,
      });
    } catch (error) {
      return { errors: custodyRefusal(error, 'createWallet', request) };
    }
  }

  /**
   * The organization the wallet goes to, and whether the caller may create wallets in it: one
   * outside the caller's scope is not found there, as a missing one.
   */
  async #organizationOf(caller: WalletCaller, named: string | null | undefined): Promise<string | UserError> {
    const organizationId = named ?? caller.scope.organizationId;
    if (!organizationId)
      return userError(
        'VALIDATION_FAILED',
        'organizationId is required for an API key not bound to an organization',
        'organizationId',
      );
    if (!(await this.#deps.table.organizationExists(caller.scope, organizationId)))
      return userError('NOT_FOUND', `no organization ${organizationId}`, 'organizationId');
    return organizationId;
  }

  async #ownerProblem(ownerUserId: string | null, organizationId: string): Promise<UserError | null> {
    if (ownerUserId === null) return null;
    return (await this.#deps.users.belongsTo(ownerUserId, organizationId))
      ? null
      : userError('VALIDATION_FAILED', 'ownerUserId must be a member of the organization', 'ownerUserId');
  }
}

/** The checks of `CreateDigitalWalletInput` before anything is read: a CUSTODIAL wallet takes no public key. */
function inputChecks(input: CreateWalletInput): Check[] {
  return [
    checkText('label', input.label, walletLabelMaxLength, true),
    checkCoin(input.coin),
    input.type === 'CUSTODIAL'
      ? (found) => {
          if (input.userPublicKey != null)
            found.push(
              userError('VALIDATION_FAILED', 'userPublicKey must be absent for CUSTODIAL wallets', 'userPublicKey'),
            );
        }
      : checkText('userPublicKey', input.userPublicKey, publicKeyMaxLength, true),
    checkText('ownerUserId', input.ownerUserId, userIdMaxLength, false),
    checkText('idempotencyKey', input.idempotencyKey, idempotencyKeyMaxLength, false),
  ];
}

// schema.graphql `Mutation.createDigitalWallet` (docs/custody.md#wallet-operations): checks the
// input, the organization, the coin and the owner; creates the wallet at the custodian first, under
// the custodian's approval policy for its type (wallet-approval-policy.ts), then registers it (the wallet, its first address and the idempotency key) in one transaction.
// A custodian that refuses leaves nothing written. A registration that fails after the custodian
// made the wallet leaves that wallet orphaned at the custodian: it is logged as an error with its
// custodian id for an operator to reconcile, and the request fails (masked); a repeat makes a new
// one, since no step before the custodian's could be undone with it.
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import { isUniqueViolation, type WalletWriteTable } from '../../records/wallets/wallet-write-table.ts';
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
import { walletChangeTags } from './wallet-cache-tags.ts';
import { creationInputDigest, creationKeyLifetimeMs, type NormalizedWalletInput } from './wallet-creation-key.ts';
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
  now?: () => Date;
}

type Created = Outcome<{ wallet: WalletSummaryView }>;

export function createWalletCreation(deps: WalletCreationDeps): WalletCreation {
  return new WalletCreation(deps);
}

/** The checked input, the organization it goes to and the coin's network, and the request's idempotency key. */
interface CreationRequest {
  caller: WalletCaller;
  input: NormalizedWalletInput;
  network: string;
  key: string | null;
  request: RequestLog;
}

export class WalletCreation {
  readonly #deps: WalletCreationDeps;
  readonly #now: () => Date;

  constructor(deps: WalletCreationDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
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
    const key = input.idempotencyKey ?? null;
    return (
      (key !== null && (await this.#repeated(caller, normalized, key))) ||
      this.#register({ caller, input: normalized, network: coin.network, key, request: requester.log })
    );
  }

  /** The wallet a key made, as the caller sees it. */
  async #summaryOf(caller: WalletCaller, walletId: number, refresh: boolean): Promise<Created> {
    const wallet = await this.#deps.summaries.summary(walletId, caller.scope, { refresh });
    if (!wallet) throw new Error(`wallet ${walletId} was registered but cannot be read back`);
    return succeeded({ wallet });
  }

  /** A key used before in the organization: the same input answers its wallet, another is a conflict. */
  async #repeated(caller: WalletCaller, input: NormalizedWalletInput, key: string): Promise<Created | null> {
    const since = new Date(this.#now().getTime() - creationKeyLifetimeMs);
    const used = await this.#deps.table.findCreationKey(caller.scope, input.organizationId, key, since);
    if (!used) return null;
    if (used.inputDigest !== creationInputDigest(input))
      return failed([userError('CONFLICT', 'idempotencyKey was already used with different input', 'idempotencyKey')]);
    return this.#summaryOf(caller, used.walletId, false);
  }

  /** The wallet made at the custodian, then registered here; its cached results dropped. */
  async #register(creation: CreationRequest): Promise<Created> {
    const { caller, input } = creation;
    const made = await this.#createAtCustodian(input, creation.request);
    if ('errors' in made) return failed(made.errors);
    const registered = await this.#insert(creation, made);
    if ('ok' in registered) return registered;
    await this.#deps.results.invalidate(
      walletChangeTags({
        id: registered.id,
        ownerUserId: input.ownerUserId ?? null,
        organizationId: input.organizationId,
      }),
    );
    return this.#summaryOf(caller, registered.id, true);
  }

  /**
   * Registers the wallet the custodian made; one it made that cannot be registered is logged for
   * reconciliation, and a concurrent request with the same key that registered first is answered.
   */
  async #insert(
    { caller, input, network, key }: CreationRequest,
    made: CustodyWallet,
  ): Promise<{ id: number } | Created> {
    try {
      return await this.#deps.table.insertWallet(
        {
          ...input,
          walletType: input.type,
          custodianWalletId: made.id,
          createdBy: caller.actingUserId,
          receiveAddress: { address: made.receiveAddress.address, network },
          creationKey: key === null ? null : { key, inputDigest: creationInputDigest(input) },
        },
        new Date(this.#now().getTime() - creationKeyLifetimeMs),
      );
    } catch (error) {
      this.#deps.logger.error(
        { err: error, custodianWalletId: made.id, coin: input.coin, organizationId: input.organizationId },
        'wallet created at the custodian but not registered: orphaned at the custodian, reconcile by hand',
      );
      // A concurrent request with the same key registered first: answer as a repeat of it.
      const answer = key !== null && isUniqueViolation(error) ? await this.#repeated(caller, input, key) : null;
      if (answer) return answer;
      throw error;
    }
  }

  async #createAtCustodian(
    input: NormalizedWalletInput,
    request: RequestLog,
  ): Promise<CustodyWallet | { errors: UserError[] }> {
    try {
      return await this.#deps.custody.createWallet({
        coin: custodianCoinOf(input.coin),
        label: input.label,
        type: input.type,
        ...(input.userPublicKey === null ? {} : { userPublicKey: input.userPublicKey }),
        approvalsRequired: approvalsRequiredFor(input.type, this.#deps.custodialApprovalsRequired),
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

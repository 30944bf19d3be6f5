// The wallet management mutations of the business API (schema.graphql `createDigitalWallet`,
// `createDigitalWalletAddress`, `addDigitalWalletWhitelistEntry`,
// `removeDigitalWalletWhitelistEntry`; docs/custody.md#wallet-operations). Each one: the acting
// user and the caller's organization (wallet-caller.ts), the input checked, the custodian called
// first, then the rows written in one transaction, then the cached results it changed dropped
// (wallet-cache-tags.ts). Creating a wallet and changing a whitelist live in their own modules;
// a deposit address is here, made at most once per `idempotencyKey` (docs/idempotency.md).
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
import type { ClaimToComplete } from '../../records/idempotency/idempotency-key-table.ts';
import type { WalletWriteTable } from '../../records/wallets/wallet-write-table.ts';
import type { WhitelistWriteTable } from '../../records/wallets/whitelist-write-table.ts';
import type { CustodyAddress, CustodyProvider } from '../../providers/custody/custody-provider.ts';
import type { ActingUserDirectory } from '../identity/acting-user.ts';
import { custodianCoinOf } from './custodian-coin.ts';
import { custodyRefusal } from './custody-refusals.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { walletCallerOf, type WalletRequester } from './wallet-caller.ts';
import { walletTag } from './wallet-cache-tags.ts';
import { type CreateWalletInput, createWalletCreation } from './wallet-creation.ts';
import { createWalletRegistration } from './wallet-registration.ts';
import { walletFrozen } from './frozen-wallet.ts';
import { changeableWallet, type HeldWallet } from './wallet-in-reach.ts';
import {
  addressLabelMaxLength,
  checkText,
  checkWalletId,
  idempotencyKeyMaxLength,
  runChecks,
} from './wallet-input-checks.ts';
import type { Idempotency } from '../idempotency/idempotent-request.ts';
import { requestDigest } from '../idempotency/request-digest.ts';
import { userError } from '../outcomes/user-error.ts';
import { addressView, type AddressView } from './wallet-record-views.ts';
import type { WalletSummaryService } from './wallet-summary-service.ts';
import {
  type AddWhitelistEntryInput,
  createWhitelistChanges,
  type RemoveWhitelistEntryInput,
} from './wallet-whitelist-changes.ts';

export type { CreateWalletInput } from './wallet-creation.ts';
export type { AddWhitelistEntryInput, RemoveWhitelistEntryInput } from './wallet-whitelist-changes.ts';

/** schema.graphql `CreateDigitalWalletAddressInput`. */
export interface CreateAddressInput {
  walletId: number;
  label?: string | null;
  idempotencyKey?: string | null;
}

export interface WalletManagementDeps {
  table: WalletWriteTable;
  whitelist: WhitelistWriteTable;
  custody: CustodyProvider;
  users: ActingUserDirectory;
  summaries: WalletSummaryService;
  results: ResultCache;
  logger: Logger;
  /** Approvals a new CUSTODIAL wallet's sends and whitelist changes need (wallet-approval-policy.ts). */
  custodialApprovalsRequired: number;
  idempotency: Idempotency;
}

type AddressMade = Outcome<{ address: AddressView }>;

export function createWalletManagementService(deps: WalletManagementDeps) {
  const registration = createWalletRegistration(deps);
  const creation = createWalletCreation({ ...deps, registration });
  const whitelist = createWhitelistChanges(deps);
  return {
    createWallet: (requester: WalletRequester, input: CreateWalletInput) => creation.createWallet(requester, input),
    /** The start-up sweep of wallet creations cut off before their commit (wallet-registration.ts). */
    recoverPendingCreations: () => registration.recoverPending(),

    /**
     * A new deposit address from the custodian, once per idempotency key. An address the custodian
     * made but that could not be recorded is only logged: addresses cost nothing, and the next
     * request makes another.
     */
    async createAddress(requester: WalletRequester, input: CreateAddressInput): Promise<AddressMade> {
      const caller = await walletCallerOf(requester, deps.users);
      const errors = runChecks([
        checkWalletId(input.walletId),
        checkText('label', input.label, addressLabelMaxLength, false),
        checkText('idempotencyKey', input.idempotencyKey, idempotencyKeyMaxLength, false),
      ]);
      if (errors.length > 0) return failed(errors);
      const wallet = await changeableWallet(deps.table, caller.scope, input.walletId);
      if ('code' in wallet) return failed([wallet]);
      await assertMayPerform(deps.users, {
        operation: 'createDigitalWalletAddress',
        actingUserId: caller.actingUserId,
        organizationId: wallet.organizationId,
      });
      const label = input.label ?? null;
      return deps.idempotency.run({
        organizationId: wallet.organizationId,
        operation: 'createDigitalWalletAddress',
        key: input.idempotencyKey,
        digest: requestDigest([wallet.id, label]),
        run: (claim) => makeAddress(deps, wallet, label, requester, claim),
        replay: async (addressId) => {
          const row = await deps.table.findAddress(caller.scope, Number(addressId));
          return row
            ? succeeded({ address: addressView(row) })
            : failed([
                userError('NOT_FOUND', 'the address made with this idempotencyKey no longer exists', 'idempotencyKey'),
              ]);
        },
      });
    },

    addWhitelistEntry: (requester: WalletRequester, input: AddWhitelistEntryInput) => whitelist.add(requester, input),
    removeWhitelistEntry: (requester: WalletRequester, input: RemoveWhitelistEntryInput) =>
      whitelist.remove(requester, input),
  };
}

/** The address made at the custodian (a FROZEN wallet takes none), then recorded; the wallet's cached results dropped. */
async function makeAddress(
  deps: WalletManagementDeps,
  wallet: HeldWallet,
  label: string | null,
  requester: WalletRequester,
  claim: ClaimToComplete | null,
): Promise<AddressMade> {
  // A repeat of an address made before the wallet froze answers that address.
  if (wallet.status === 'frozen') return failed([walletFrozen(wallet.id, 'address', 'walletId')]);
  let made: CustodyAddress;
  try {
    made = await deps.custody.createAddress({
      coin: custodianCoinOf(wallet.coin),
      walletId: wallet.custodianWalletId,
      ...(label === null ? {} : { label }),
    });
  } catch (error) {
    return failed(custodyRefusal(error, 'createAddress', requester.log));
  }
  const stored = await deps.table
    .insertAddress({ walletId: wallet.id, address: made.address, network: wallet.network, label }, claim)
    .catch((error: unknown) => {
      deps.logger.warn(
        { err: error, walletId: wallet.id, custodianAddressId: made.id },
        'deposit address created at the custodian but not recorded',
      );
      throw error;
    });
  await deps.results.invalidate([walletTag(wallet.id)]);
  return succeeded({ address: addressView(stored) });
}

export type WalletManagementService = ReturnType<typeof createWalletManagementService>;

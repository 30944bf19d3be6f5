// The wallet management mutations of the business API (schema.graphql `createDigitalWallet`,
// `createDigitalWalletAddress`, `addDigitalWalletWhitelistEntry`,
// `removeDigitalWalletWhitelistEntry`; docs/custody.md#wallet-operations). Each one: the acting
// user and the caller's organization (wallet-caller.ts), the input checked, the custodian called
// first, then the rows written in one transaction, then the cached results it changed dropped
// (wallet-cache-tags.ts). Creating a wallet and changing a whitelist live in their own modules;
// a deposit address is here.
import type { Logger } from 'pino';
import type { ResultCache } from '../../cache/result-cache.ts';
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
import { walletFrozen } from './frozen-wallet.ts';
import { changeableWallet } from './wallet-in-reach.ts';
import { addressLabelMaxLength, checkText, checkWalletId, runChecks } from './wallet-input-checks.ts';
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
  now?: () => Date;
}

export function createWalletManagementService(deps: WalletManagementDeps) {
  const creation = createWalletCreation(deps);
  const whitelist = createWhitelistChanges(deps);
  return {
    createWallet: (requester: WalletRequester, input: CreateWalletInput) => creation.createWallet(requester, input),

    /**
     * A new deposit address from the custodian. An address the custodian made but that could not
     * be recorded is only logged: addresses cost nothing, and the next request makes another.
     */
    async createAddress(
      requester: WalletRequester,
      input: CreateAddressInput,
    ): Promise<Outcome<{ address: AddressView }>> {
      const caller = await walletCallerOf(requester, deps.users);
      const errors = runChecks([
        checkWalletId(input.walletId),
        checkText('label', input.label, addressLabelMaxLength, false),
      ]);
      if (errors.length > 0) return failed(errors);
      const wallet = await changeableWallet(deps.table, caller.scope, input.walletId);
      if ('code' in wallet) return failed([wallet]);
      await assertMayPerform(deps.users, {
        operation: 'createDigitalWalletAddress',
        actingUserId: caller.actingUserId,
        organizationId: wallet.organizationId,
      });
      if (wallet.status === 'frozen') return failed([walletFrozen(wallet.id, 'address', 'walletId')]);
      const label = input.label ?? null;
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
        .insertAddress({ walletId: wallet.id, address: made.address, network: wallet.network, label })
        .catch((error: unknown) => {
          deps.logger.warn(
            { err: error, walletId: wallet.id, custodianAddressId: made.id },
            'deposit address created at the custodian but not recorded',
          );
          throw error;
        });
      await deps.results.invalidate([walletTag(wallet.id)]);
      return succeeded({ address: addressView(stored) });
    },

    addWhitelistEntry: (requester: WalletRequester, input: AddWhitelistEntryInput) => whitelist.add(requester, input),
    removeWhitelistEntry: (requester: WalletRequester, input: RemoveWhitelistEntryInput) =>
      whitelist.remove(requester, input),
  };
}

export type WalletManagementService = ReturnType<typeof createWalletManagementService>;

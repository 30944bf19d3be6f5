// The wallet management mutations of the business API (schema.graphql `createDigitalWallet`,
// `createDigitalWalletAddress`, `addDigitalWalletWhitelistEntry`,
// `removeDigitalWalletWhitelistEntry`, `runDigitalWalletAmlReport`; docs/custody.md#wallet-operations;
// and `unfreezeDigitalWallet`, docs/custody.md#aml-freeze) from the wallet management, AML screening
// and unfreeze services. Thin: each hands over the API key and the X-Acting-User it names, and turns
// the service's outcome into the payload (`success`, `errors`).
import type { AmlScreeningService } from '../../domain/wallets/aml-screening-service.ts';
import type { WalletRequester } from '../../domain/wallets/wallet-caller.ts';
import type { WalletManagementService } from '../../domain/wallets/wallet-management-service.ts';
import type { WalletUnfreezeService } from '../../domain/wallets/wallet-unfreeze-service.ts';
import { keyRequired } from '../../errors/credential-refusal.ts';
import type { GraphqlContext } from '../graphql-context.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import { payloadOf } from '../mutation-payload.ts';

type WalletMutationField =
  | 'createDigitalWallet'
  | 'createDigitalWalletAddress'
  | 'addDigitalWalletWhitelistEntry'
  | 'removeDigitalWalletWhitelistEntry'
  | 'runDigitalWalletAmlReport'
  | 'unfreezeDigitalWallet';

type WalletMutationResolvers = { Mutation: Pick<ImplementedResolvers['Mutation'], WalletMutationField> };

/** The API key the root-field guard admitted (guard-root-fields.ts), the acting user it names, and the request's log. */
function requesterOf(context: GraphqlContext): WalletRequester {
  const { principal } = context;
  if (principal.kind !== 'api-key') throw keyRequired();
  return { key: principal, namedActingUser: context.actingUser, log: context };
}

export function walletMutationResolvers(services: {
  walletOperations: WalletManagementService;
  amlScreening: AmlScreeningService;
  walletUnfreeze: WalletUnfreezeService;
}): WalletMutationResolvers {
  const { walletOperations: wallets, amlScreening, walletUnfreeze } = services;
  return {
    Mutation: {
      createDigitalWallet: async (_parent, { input }, context) =>
        payloadOf(await wallets.createWallet(requesterOf(context), input), ['wallet']),
      createDigitalWalletAddress: async (_parent, { input }, context) =>
        payloadOf(await wallets.createAddress(requesterOf(context), input), ['address']),
      addDigitalWalletWhitelistEntry: async (_parent, { input }, context) =>
        payloadOf(await wallets.addWhitelistEntry(requesterOf(context), input), ['entry', 'pendingApproval']),
      removeDigitalWalletWhitelistEntry: async (_parent, { input }, context) =>
        payloadOf(await wallets.removeWhitelistEntry(requesterOf(context), input), ['entry', 'pendingApproval']),
      runDigitalWalletAmlReport: async (_parent, { input }, context) =>
        payloadOf(await amlScreening.run(requesterOf(context), input), ['report']),
      unfreezeDigitalWallet: async (_parent, { input }, context) =>
        payloadOf(await walletUnfreeze.unfreeze(requesterOf(context), input), ['wallet']),
    },
  };
}

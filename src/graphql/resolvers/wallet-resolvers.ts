// Wallet views of the business API (schema.graphql Query.digitalWalletSummaryById) from the
// wallet summary service: the caller's organization scope decides what it may see.
import type { WalletSummaryService } from '../../domain/wallets/wallet-summary-service.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import { callerScope } from '../caller-scope.ts';

type WalletResolvers = { Query: Pick<ImplementedResolvers['Query'], 'digitalWalletSummaryById'> };

export function walletResolvers(wallets: WalletSummaryService): WalletResolvers {
  return {
    Query: {
      digitalWalletSummaryById: (_parent, { id, refresh }, context) =>
        wallets.summary(id, callerScope(context), { refresh: refresh ?? false }),
    },
  };
}

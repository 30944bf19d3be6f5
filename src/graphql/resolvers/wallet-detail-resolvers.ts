// The wallet detail of the business API (schema.graphql Query.digitalWalletDetailById) from the
// wallet detail service: the caller's organization scope decides what it may see. The detail's
// fields with arguments are resolved from the cached view: `recentTransactions(limit)` takes its
// newest transfers, `valueHistory(from, to, interval)` asks the service with the detail's `refresh`.
import type {
  DigitalWalletDetail,
  DigitalWalletDetailResolvers,
  WalletTransfer,
} from '../../../generated/graphql/resolver-types.ts';
import { type WalletDetailService, recentTransfers } from '../../domain/wallets/wallet-detail-service.ts';
import type { WalletDetailView } from '../../domain/wallets/wallet-detail-view.ts';
import type { WalletTransferView } from '../../domain/wallets/wallet-transfer-view.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import { callerScope } from '../caller-scope.ts';

/** What `digitalWalletDetailById` hands its fields (codegen.yml `mappers`): the view and the request's `refresh`. */
export type WalletDetailParent = WalletDetailView & { readonly refresh: boolean };

/** Fails the type check unless `View` answers every field of `Schema`. */
type Fits<View extends Schema, Schema> = View;

/**
 * A mapped parent is not checked against its schema type, so the view is, here: the fields left to
 * the default resolver must answer schema.graphql `DigitalWalletDetail`, the transfers `WalletTransfer`.
 */
export type WalletDetailViewFits = [
  Fits<WalletDetailView, Omit<DigitalWalletDetail, 'recentTransactions' | 'valueHistory'>>,
  Fits<WalletTransferView, WalletTransfer>,
];

type WalletDetailResolvers = {
  Query: Pick<ImplementedResolvers['Query'], 'digitalWalletDetailById'>;
  DigitalWalletDetail: Required<Pick<DigitalWalletDetailResolvers, 'recentTransactions' | 'valueHistory'>>;
};

export function walletDetailResolvers(details: WalletDetailService): WalletDetailResolvers {
  return {
    Query: {
      digitalWalletDetailById: async (_parent, { id, refresh }, context) => {
        const view = await details.detail(id, callerScope(context), { refresh: refresh ?? false });
        return view && { ...view, refresh: refresh ?? false };
      },
    },
    DigitalWalletDetail: {
      recentTransactions: (parent, { limit }) => recentTransfers(parent.recentTransfers, limit),
      valueHistory: (parent, { from, to, interval }, context) =>
        details.valueHistory(parent.id, callerScope(context), { from, to, interval }, { refresh: parent.refresh }),
    },
  };
}

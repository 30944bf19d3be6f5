// Assembles the one resolver map of the business API (the generated `Resolvers` of
// generated/graphql/resolver-types.ts): the scalars and every area's resolvers; every root field
// checks its caller's key and scope first (guard-root-fields.ts).
import type { Resolvers } from '../../../generated/graphql/resolver-types.ts';
import type { BusinessServices } from '../business-services.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import type { RootResolvers, RootTypeName } from '../root-resolvers.ts';
import { scalars } from '../scalars.ts';
import { guardRootFields } from '../guard-root-fields.ts';
import { healthResolvers } from './health-resolvers.ts';
import { priceResolvers } from './price-resolvers.ts';
import { walletResolvers } from './wallet-resolvers.ts';
import { portfolioResolvers } from './portfolio-resolvers.ts';
import { walletDetailResolvers } from './wallet-detail-resolvers.ts';
import { walletMutationResolvers } from './wallet-mutation-resolvers.ts';
import { custodyResolvers } from './custody-resolvers.ts';
import { fundResolvers } from './fund-resolvers.ts';
import { documentResolvers } from './document-resolvers.ts';
import { otcResolvers } from './otc-resolvers.ts';
import { kycResolvers } from './kyc-resolvers.ts';
import { orderBookResolvers } from './order-book-resolvers.ts';

/** `Resolvers` with every field of every root type answered. */
export type BusinessResolvers = Resolvers & { [Root in RootTypeName]: Required<RootResolvers[Root]> };

// Each area takes its own services from `services`.
export function businessResolvers(services: BusinessServices): BusinessResolvers {
  const health = healthResolvers();
  const prices = priceResolvers(services.prices);
  const wallets = walletResolvers(services.wallets);
  const portfolio = portfolioResolvers(services.portfolio);
  const walletDetails = walletDetailResolvers(services.walletDetails);
  const walletMutations = walletMutationResolvers(services);
  const custody = custodyResolvers(services.custody);
  const funds = fundResolvers(services.funds);
  const documents = documentResolvers(services.documents);
  const otc = otcResolvers(services.trading);
  const kyc = kycResolvers(services.kyc);
  const orderBooks = orderBookResolvers(services.orderBooks);
  // A root field of schema.graphql missing here is a type error.
  const implemented: ImplementedResolvers = {
    Query: {
      ...health.Query,
      ...prices.Query,
      ...wallets.Query,
      ...portfolio.Query,
      ...walletDetails.Query,
      ...kyc.Query,
    },
    Mutation: {
      ...walletMutations.Mutation,
      ...custody.Mutation,
      ...funds.Mutation,
      ...documents.Mutation,
      ...otc.Mutation,
    },
    Subscription: { ...orderBooks.Subscription },
  };
  return guardRootFields({
    ...scalars,
    DigitalWalletDetail: walletDetails.DigitalWalletDetail,
    QuestionnaireItem: kyc.QuestionnaireItem,
    Query: implemented.Query,
    Mutation: implemented.Mutation,
    Subscription: implemented.Subscription,
  });
}

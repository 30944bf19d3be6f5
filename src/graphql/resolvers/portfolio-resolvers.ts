// Portfolio views of the business API (schema.graphql Query.netWorthUsdByUserId,
// netWorthUsdByOrganizationId, digitalAssetsByUserId, digitalAssetsByOrganizationId) from the
// portfolio service: the caller's organization scope decides which wallets count.
import type { PortfolioService } from '../../domain/wallets/portfolio-service.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import { callerScope } from '../caller-scope.ts';

type PortfolioResolvers = {
  Query: Pick<
    ImplementedResolvers['Query'],
    'netWorthUsdByUserId' | 'netWorthUsdByOrganizationId' | 'digitalAssetsByUserId' | 'digitalAssetsByOrganizationId'
  >;
};

export function portfolioResolvers(portfolio: PortfolioService): PortfolioResolvers {
  return {
    Query: {
      netWorthUsdByUserId: (_parent, { userId, refresh }, context) =>
        portfolio.netWorth({ kind: 'user', userId }, callerScope(context), { refresh: refresh ?? false }),
      netWorthUsdByOrganizationId: (_parent, { organizationId, refresh }, context) =>
        portfolio.netWorth({ kind: 'organization', organizationId }, callerScope(context), {
          refresh: refresh ?? false,
        }),
      digitalAssetsByUserId: (_parent, { userId, limit, offset, refresh }, context) =>
        portfolio.digitalAssets({ kind: 'user', userId }, callerScope(context), {
          limit,
          offset,
          refresh: refresh ?? false,
        }),
      digitalAssetsByOrganizationId: (_parent, { organizationId, limit, offset, refresh }, context) =>
        portfolio.digitalAssets({ kind: 'organization', organizationId }, callerScope(context), {
          limit,
          offset,
          refresh: refresh ?? false,
        }),
    },
  };
}

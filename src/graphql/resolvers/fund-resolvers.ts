// The fund request mutations of the business API (schema.graphql `cancelFundSubscription`,
// `cancelFundRedemption`; docs/funds.md) over the fund request service. Thin: the key's
// organization scope, its id, the request id and the acting user (acting-user-of.ts) go in;
// the payload comes out. A refused acting user is a GraphQL error, as in every mutation that
// records a person (docs/identity.md#acting-user).
import type { ActingUserDirectory } from '../../domain/identity/acting-user.ts';
import type { CancelResult, FundCanceller, FundRequestService } from '../../domain/funds/fund-request-service.ts';
import { AppError } from '../../errors/app-error.ts';
import { actingUserOf } from '../acting-user-of.ts';
import { callerScope } from '../caller-organization.ts';
import type { GraphqlContext } from '../graphql-context.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';

/** What the fund resolvers need, built by the composition root (src/service/create-funds.ts). */
export interface FundServices {
  readonly requests: FundRequestService;
  readonly users: ActingUserDirectory;
}

type FundResolvers = {
  Mutation: Pick<ImplementedResolvers['Mutation'], 'cancelFundSubscription' | 'cancelFundRedemption'>;
};

async function fundCanceller(context: GraphqlContext, users: ActingUserDirectory): Promise<FundCanceller> {
  const { principal } = context;
  if (principal.kind !== 'api-key') throw new AppError('UNAUTHENTICATED', 'authentication required: send X-API-Key');
  return {
    scope: callerScope(context),
    apiKeyId: principal.keyId,
    requestId: context.requestId,
    actingUserId: await actingUserOf(context, users),
  };
}

const payload = (result: CancelResult) => ({ success: result.errors.length === 0, errors: result.errors });

export function fundResolvers(services: FundServices): FundResolvers {
  return {
    Mutation: {
      cancelFundSubscription: async (_parent, { input }, context) => {
        const result = await services.requests.cancelSubscription(await fundCanceller(context, services.users), input);
        return { ...payload(result), subscription: result.request };
      },
      cancelFundRedemption: async (_parent, { input }, context) => {
        const result = await services.requests.cancelRedemption(await fundCanceller(context, services.users), input);
        return { ...payload(result), redemption: result.request };
      },
    },
  };
}

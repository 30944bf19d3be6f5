// The fund request mutations of the business API (schema.graphql `cancelFundSubscription`,
// `cancelFundRedemption`; docs/funds.md) over the fund request service. Thin: the key's
// organization scope, its id, the request id and the acting user (acting-user-of.ts) go in;
// the payload comes out. A refused acting user is a GraphQL error, as in every mutation that
// records a person (docs/identity.md#acting-user).
import type { ActingUserDirectory } from '../../domain/identity/acting-user.ts';
import type { FundCanceller, FundRequestService } from '../../domain/funds/fund-request-service.ts';
import { AppError } from '../../errors/app-error.ts';
import { actingUserOf } from '../acting-user-of.ts';
import { callerScope } from '../caller-scope.ts';
import type { GraphqlContext } from '../graphql-context.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import { payloadOf } from '../mutation-payload.ts';

/** What the fund resolvers need, built by the composition root (src/composition/create-funds.ts). */
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

export function fundResolvers(services: FundServices): FundResolvers {
  return {
    Mutation: {
      cancelFundSubscription: async (_parent, { input }, context) => {
        const caller = await fundCanceller(context, services.users);
        return payloadOf(await services.requests.cancelSubscription(caller, input), ['subscription']);
      },
      cancelFundRedemption: async (_parent, { input }, context) => {
        const caller = await fundCanceller(context, services.users);
        return payloadOf(await services.requests.cancelRedemption(caller, input), ['redemption']);
      },
    },
  };
}

// The fund request mutations of the business API (schema.graphql `cancelFundSubscription`,
// `cancelFundRedemption`, `processFundSubscription`, `processFundRedemption`; docs/funds.md) over
// the fund request and dealing services. Thin: the key's organization scope, its id, the request
// id and the acting user (acting-user-of.ts) go in; the payload comes out. A refused acting user
// is a GraphQL error, as in every mutation that records a person (docs/identity.md#acting-user).
import type { ActingUserDirectory } from '../../domain/identity/acting-user.ts';
import type { FundDealer, FundDealingService } from '../../domain/funds/fund-dealing-service.ts';
import type { FundCanceller, FundRequestService } from '../../domain/funds/fund-request-service.ts';
import { keyRequired } from '../../errors/credential-refusal.ts';
import { actingUserOf } from '../acting-user-of.ts';
import { callerScope } from '../caller-scope.ts';
import type { GraphqlContext } from '../graphql-context.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import { payloadOf } from '../mutation-payload.ts';

/** What the fund resolvers need, built by the composition root (src/composition/create-funds.ts). */
export interface FundServices {
  readonly requests: FundRequestService;
  readonly dealings: FundDealingService;
  readonly users: ActingUserDirectory;
}

type FundResolvers = {
  Mutation: Pick<
    ImplementedResolvers['Mutation'],
    'cancelFundSubscription' | 'cancelFundRedemption' | 'processFundSubscription' | 'processFundRedemption'
  >;
};

/** Who calls: the same for a cancel and a dealing. */
async function fundCaller(context: GraphqlContext, users: ActingUserDirectory): Promise<FundCanceller & FundDealer> {
  const { principal } = context;
  if (principal.kind !== 'api-key') throw keyRequired();
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
        const caller = await fundCaller(context, services.users);
        return payloadOf(await services.requests.cancelSubscription(caller, input), ['subscription']);
      },
      cancelFundRedemption: async (_parent, { input }, context) => {
        const caller = await fundCaller(context, services.users);
        return payloadOf(await services.requests.cancelRedemption(caller, input), ['redemption']);
      },
      processFundSubscription: async (_parent, { input }, context) => {
        const caller = await fundCaller(context, services.users);
        return payloadOf(await services.dealings.processSubscription(caller, input), ['subscription', 'dealing']);
      },
      processFundRedemption: async (_parent, { input }, context) => {
        const caller = await fundCaller(context, services.users);
        return payloadOf(await services.dealings.processRedemption(caller, input), ['redemption', 'dealing']);
      },
    },
  };
}

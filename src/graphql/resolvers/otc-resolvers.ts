// The OTC trading mutations of the business API (schema.graphql Mutation.requestOtcQuote,
// calculateOtcQuote, refreshOtcQuote, requestOtcTrade; docs/trading.md) over the quote and trade
// services. Thin: the caller's organization scope bounds what it reaches; a new quote and a trade
// record the acting user (acting-user-of.ts), a trade also the key and the request for audit_log,
// and a request whose acting user cannot be resolved is a GraphQL error, as in every mutation that
// records a person. Outcomes become payloads.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import type { ActingCaller, ActingUserDirectory } from '../../domain/identity/acting-user.ts';
import type { OtcQuoteService } from '../../domain/trading/otc-quote-service.ts';
import type { OtcTrader, OtcTradeService } from '../../domain/trading/otc-trade-service.ts';
import { keyRequired } from '../../errors/credential-refusal.ts';
import { actingUserOf } from '../acting-user-of.ts';
import { callerScope } from '../caller-scope.ts';
import type { GraphqlContext } from '../graphql-context.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import { payloadOf } from '../mutation-payload.ts';

/** What the OTC resolvers need, built by the composition root (src/composition/create-trading.ts). */
export interface TradingServices {
  readonly quotes: OtcQuoteService;
  readonly trades: OtcTradeService;
  readonly users: ActingUserDirectory;
}

type OtcField = 'requestOtcQuote' | 'calculateOtcQuote' | 'refreshOtcQuote' | 'requestOtcTrade';

type OtcResolvers = { Mutation: Pick<ImplementedResolvers['Mutation'], OtcField> };

/** The organization scope of the API key the root-field guard admitted. */
function tradingScope(context: GraphqlContext): OrganizationScope {
  if (context.principal.kind !== 'api-key') throw keyRequired();
  return callerScope(context);
}

async function actingCaller(context: GraphqlContext, users: ActingUserDirectory): Promise<ActingCaller> {
  return { scope: tradingScope(context), actingUserId: await actingUserOf(context, users) };
}

async function trader(context: GraphqlContext, users: ActingUserDirectory): Promise<OtcTrader> {
  const { principal } = context;
  if (principal.kind !== 'api-key') throw keyRequired();
  return {
    scope: callerScope(context),
    actingUserId: await actingUserOf(context, users),
    apiKeyId: principal.keyId,
    requestId: context.requestId,
  };
}

export function otcResolvers(services: TradingServices): OtcResolvers {
  return {
    Mutation: {
      requestOtcQuote: async (_parent, { input }, context) =>
        payloadOf(await services.quotes.request(await actingCaller(context, services.users), input), ['quote']),
      calculateOtcQuote: async (_parent, { input }, context) =>
        payloadOf(await services.quotes.calculate(tradingScope(context), input), ['calculation']),
      refreshOtcQuote: async (_parent, { input }, context) =>
        payloadOf(await services.quotes.refresh(tradingScope(context), input), ['quote']),
      requestOtcTrade: async (_parent, { input }, context) =>
        payloadOf(await services.trades.requestTrade(await trader(context, services.users), input), ['trade']),
    },
  };
}

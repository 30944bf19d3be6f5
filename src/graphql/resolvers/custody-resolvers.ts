// The custody mutations of the business API (schema.graphql Mutation.bitgoSendTransaction,
// bitgoResolveApproval, bitgoSyncWalletTransactions; docs/custody.md#the-mutations) over the
// custody transfer and wallet sync services. The caller's organization scope bounds what it
// reaches; sends act for the acting user (acting-user-of.ts), decisions for the key's owner only
// (four eyes need four eyes: docs/identity.md#four-eyes); a request whose acting user cannot be
// resolved is a GraphQL error (FORBIDDEN).
import type { ActingUserDirectory } from '../../domain/identity/acting-user.ts';
import type { CustodyCaller, CustodyTransferService } from '../../domain/wallets/custody-transfer-service.ts';
import type { SyncCaller, WalletSyncService } from '../../domain/wallets/wallet-sync-service.ts';
import { keyRequired } from '../../errors/credential-refusal.ts';
import { actingUserOf, ownActingUserOf } from '../acting-user-of.ts';
import { callerScope } from '../caller-scope.ts';
import type { GraphqlContext } from '../graphql-context.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import { payloadOf } from '../mutation-payload.ts';

/** What the custody resolvers need, built by the composition root (src/composition/create-wallets.ts). */
export interface CustodyServices {
  readonly transfers: CustodyTransferService;
  readonly sync: WalletSyncService;
  readonly users: ActingUserDirectory;
}

type CustodyResolvers = {
  Mutation: Pick<
    ImplementedResolvers['Mutation'],
    'bitgoSendTransaction' | 'bitgoResolveApproval' | 'bitgoSyncWalletTransactions'
  >;
};

/** The API key's organization scope and id, and the request's log. */
function callerKey(context: GraphqlContext): SyncCaller & { keyId: string } {
  const { principal } = context;
  if (principal.kind !== 'api-key') throw keyRequired();
  return { scope: callerScope(context), keyId: principal.keyId, log: context };
}

/**
 * The caller with its acting user. A refused acting user (X-Acting-User) is a GraphQL error
 * (FORBIDDEN), as in every mutation that records a person: it is about the request's
 * credentials, not its input (docs/identity.md#acting-user).
 */
async function custodyCaller(context: GraphqlContext, users: ActingUserDirectory): Promise<CustodyCaller> {
  return { ...callerKey(context), actingUserId: await actingUserOf(context, users) };
}

/** The approver: the key's owner, never someone X-Acting-User names (docs/identity.md#four-eyes). */
function approverCaller(context: GraphqlContext): CustodyCaller {
  return { ...callerKey(context), actingUserId: ownActingUserOf(context, 'bitgoResolveApproval') };
}

export function custodyResolvers(services: CustodyServices): CustodyResolvers {
  return {
    Mutation: {
      bitgoSendTransaction: async (_parent, { input }, context) => {
        const caller = await custodyCaller(context, services.users);
        return payloadOf(await services.transfers.send(caller, input), ['outcome', 'transfer', 'pendingApproval']);
      },
      bitgoResolveApproval: async (_parent, { input }, context) =>
        payloadOf(await services.transfers.resolve(approverCaller(context), input), ['pendingApproval', 'transfer']),
      bitgoSyncWalletTransactions: async (_parent, { input }, context) =>
        payloadOf(await services.sync.sync(callerKey(context), input), ['sync']),
    },
  };
}
